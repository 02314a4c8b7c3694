// The refine feature's public face (the route loads RefinePage lazily, so it is not exported here).
export { refineReducer } from './store/refineSlice';
