import { LayoutGrid } from 'lucide-react';
import { ModulePlaceholder } from '../shell/components/ModulePlaceholder';

/** /gallery and /explore. */
export function GalleryPage() {
  return (
    <ModulePlaceholder title="Gallery" icon={LayoutGrid}>
      Every completed render and batch, grouped by day, ready to download, share or send to Tweak.
    </ModulePlaceholder>
  );
}
