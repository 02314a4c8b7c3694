// The teams feature's public face: the header's switcher, the shell's hooks.
export { WorkspaceSwitcher } from './components/WorkspaceSwitcher';
export { useWorkspaceGuard } from './hooks/useWorkspace';
export { useWorkspaceSync } from './hooks/useWorkspaceSync';
export { usePendingTeamInvite } from './hooks/usePendingTeamInvite';
