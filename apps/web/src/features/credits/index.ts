// The credits feature's public face.
export { useCreditWarnings } from './hooks/useCreditWarnings';
export { CREDITS_DEPLETED_MESSAGE } from './creditWarning';
export { selectWorkspaceCredits, useWorkspaceCredits } from './workspaceCredits';
