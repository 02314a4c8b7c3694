import type { RefineImageType } from '@atelier/contract';
import { ImageStrip, type ImageStripChrome } from '../../../components/workspace/ImageStrip';

export interface StripImage {
  key: string;
  imageId: number;
  imageType: RefineImageType;
  thumbnailUrl: string | null;
  title: string;
  /** Brought from Create this session. */
  fromCreate: boolean;
}

/**
 * The left thumbnail strip (spec §2): the upload button, the images brought from Create, then
 * the images uploaded on this screen (uploadSource REFINE_MODULE), newest first.
 */
export function RefineImageStrip({
  images,
  selectedKey,
  onSelect,
  ...chrome
}: ImageStripChrome & {
  images: StripImage[];
  selectedKey: string | null;
  onSelect: (image: StripImage) => void;
}) {
  const items = images.map((image) => ({
    key: image.key,
    url: image.thumbnailUrl,
    label: image.title,
    selected: image.key === selectedKey,
    placeholder: true,
    badge: image.fromCreate ? (image.imageType === 'generated' ? 'Render' : 'Input') : undefined,
    onSelect: () => onSelect(image),
  }));
  return (
    <ImageStrip ariaLabel="Images to refine" uploadHint="Upload an image to refine (JPG, PNG or WEBP)" sections={[{ key: 'images', items }]} {...chrome} />
  );
}
