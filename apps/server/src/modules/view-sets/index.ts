// The view-sets module's public face (issue 31 part 5): listing sets, rendering a set, set.completed.
export { registerSetCompletion, registerViewSetRoutes } from './view-sets.routes.js';
