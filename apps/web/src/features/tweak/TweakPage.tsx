import { WandSparkles } from 'lucide-react';
import { ModulePlaceholder } from '../shell/components/ModulePlaceholder';

/** /edit and /tweak. */
export function TweakPage() {
  return (
    <ModulePlaceholder title="Tweak" icon={WandSparkles}>
      Paint over part of a render to change it, or extend the frame beyond its edges, on a drawing canvas with undo and redo.
    </ModulePlaceholder>
  );
}
