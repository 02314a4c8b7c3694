// The masks feature's public face: the Regions card of the inspector, the canvas overlay and
// region list, and the prompt modal's regions and materials.
export { RegionsCard } from './components/RegionsCard';
export { CanvasMaskLayer, CanvasRegionPanel } from './components/CanvasRegions';
export { RegionPanel } from './components/RegionPanel';
export { usePromptRegions, type PromptRegions } from './hooks/usePromptRegions';
export { useInputMasks, useGenerateRegions } from './hooks/useInputMasks';
export { setHoveredMask, setOverlayOn, useMaskView, type OverlayTarget } from './store/maskView';
