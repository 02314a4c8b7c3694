// The tweak feature's public face (the route loads TweakPage lazily, so it is not exported here).
export { tweakReducer } from './store/tweakSlice';
