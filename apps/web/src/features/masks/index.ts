// The masks feature's public face: the Regions card of the inspector, the canvas overlay and
// region list, and the prompt modal's regions and materials.
export { RegionsCard } from './components/RegionsCard';
export { CanvasMaskLayer, CanvasRegionPanel } from './components/CanvasRegions';
export { RegionPanel } from './components/RegionPanel';
export { usePromptRegions } from './hooks/usePromptRegions';
export { useRestoreSavedRegions } from './hooks/useRestoreSavedRegions';
