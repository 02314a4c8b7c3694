import type { InputImage } from '@atelier/contract';
import { ImageStrip, type ImageStripChrome } from '../../../components/workspace/ImageStrip';

/**
 * The left thumbnail strip of input images (spec §2) with the upload button on top. The image
 * on the canvas, or the input a selected render was made from, is marked.
 */
export function InputStrip({
  inputs,
  selectedId,
  sourceId,
  onSelect,
  ...chrome
}: ImageStripChrome & {
  inputs: InputImage[];
  selectedId: number | null;
  /** The base input of the selected render. */
  sourceId: number | null;
  onSelect: (image: InputImage) => void;
}) {
  const items = inputs.map((image) => {
    const selected = image.id === selectedId;
    const marked = !selected && image.id === sourceId;
    return {
      key: String(image.id),
      url: image.thumbnailUrl ?? image.imageUrl,
      label: `Input image ${image.fileName}`,
      title: marked ? `${image.fileName} (source of the selected render)` : image.fileName,
      selected,
      marked,
      onSelect: () => onSelect(image),
    };
  });
  return (
    <ImageStrip ariaLabel="Input images" uploadHint="Upload an image (JPG, PNG or WEBP)" sections={[{ key: 'inputs', items }]} {...chrome} />
  );
}
