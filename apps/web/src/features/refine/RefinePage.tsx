import { Maximize2 } from 'lucide-react';
import { ModulePlaceholder } from '../shell/components/ModulePlaceholder';

/** /upscale and /refine. */
export function RefinePage() {
  return (
    <ModulePlaceholder title="Upscale" icon={Maximize2}>
      Enlarge and sharpen an image for presentation boards, with control over clarity and detail.
    </ModulePlaceholder>
  );
}
