// The customization feature's public face: the inspector, its slice and the option catalog.
export { EditInspector } from './components/EditInspector';
export {
  customizationReducer,
  inputImageSelected,
  promptChanged,
  queryParamsApplied,
  renderTypeChanged,
  settingsLoaded,
  structureFidelityChanged,
  initialCustomizationState,
  type CustomizationState,
} from './store/customizationSlice';
export { toCatalog, type CustomizationCatalog, type OptionTile } from './catalog';
