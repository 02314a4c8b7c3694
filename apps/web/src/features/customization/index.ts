// The customization feature's public face: the inspector, its slice and the option catalog.
export { EditInspector, INSPECTOR_WIDTH } from './components/EditInspector';
export {
  customizationReducer,
  inputImageSelected,
  optionToggled,
  promptChanged,
  queryParamsApplied,
  settingsLoaded,
  styleChanged,
  variationsChanged,
  initialCustomizationState,
  type CustomizationState,
  type SelectedStyle,
  type SettingsToLoad,
} from './store/customizationSlice';
export { startOptionsLoader, shouldLoadOptions } from './store/loadOptions';
export { toCatalog, findTile, type CustomizationCatalog, type OptionSection, type OptionTile } from './catalog';
