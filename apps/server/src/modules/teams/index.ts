// The teams module's public face (issue 32).
export { registerTeamRoutes } from './teams.routes.js';
export { registerWorkspaceGuard } from './workspace-guard.js';
export { socketWorkspaceAccount } from './socket-workspace.js';
