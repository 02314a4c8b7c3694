// The refine feature's public face (the route loads RefinePage lazily).
export { refineReducer, imageReceived, imageChosen, type RefineState } from './store/refineSlice';
export { readNavigationImage } from './hooks/useNavigationImage';
