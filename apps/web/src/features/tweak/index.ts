// The tweak feature's public face.
export { TweakPage } from './TweakPage';
export { tweakReducer } from './store/tweakSlice';
