import { customizationReducer } from '../features/customization/store/customizationSlice';
import { refineReducer } from '../features/refine';
import { tweakReducer } from '../features/tweak';

/** The work area's slices: the store adds them when the work area's code loads (see loadWorkSlices). */
export const workReducers = {
  customization: customizationReducer,
  refine: refineReducer,
  tweak: tweakReducer,
};
