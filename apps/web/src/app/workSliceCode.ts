// The work area's slices' code (loadWorkSlices in store.ts adds them); start-up asks for it ahead
// on /gallery (routeCode.ts). Its own module: the store must not import the route table.
export const loadWorkSliceCode = () => Promise.all([import('./workSlices'), import('../features/customization/store/loadOptions')]);
