import type { GeneratedImage, InputImage } from '@atelier/contract';
import { ImageStrip, type ImageStripChrome } from '../../../components/workspace/ImageStrip';
import type { SourceItem } from '../hooks/useTweakSession';

/**
 * The left thumbnail strip (spec §2): upload, then the completed renders (Create) and input images.
 * The image the session started from is marked.
 */
export function SourceStrip({
  inputs,
  creates,
  selected,
  onSelect,
  ...chrome
}: ImageStripChrome & {
  inputs: InputImage[];
  creates: GeneratedImage[];
  selected: { kind: 'input' | 'generated'; id: number } | null;
  onSelect: (item: SourceItem) => void;
}) {
  const isSelected = (kind: 'input' | 'generated', id: number) => selected?.kind === kind && selected.id === id;
  const renders = creates.map((g) => ({
    key: `g${g.id}`,
    url: g.thumbnailUrl ?? g.imageUrl,
    label: `Render ${g.batchId}, variation ${g.variationNumber}`,
    selected: isSelected('generated', g.id),
    onSelect: () => onSelect({ kind: 'generated', image: g }),
  }));
  const uploads = inputs.map((i) => ({
    key: `i${i.id}`,
    url: i.thumbnailUrl ?? i.imageUrl,
    label: `Input image ${i.fileName}`,
    selected: isSelected('input', i.id),
    onSelect: () => onSelect({ kind: 'input', image: i }),
  }));
  return (
    <ImageStrip
      ariaLabel="Images to tweak"
      uploadHint="Upload an image (JPG, PNG or WEBP)"
      sections={[
        { key: 'renders', label: 'Renders', items: renders },
        { key: 'inputs', label: 'Inputs', items: uploads },
      ]}
      {...chrome}
    />
  );
}
