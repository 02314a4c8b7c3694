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
 * The left thumbnail strip (spec §2): the upload button, then the sections to choose from (the
 * images brought from Create, the uploads of this screen, the caller's renders and other inputs),
 * each headed and newest first; paged and virtualized by ImageStrip.
 */
export function RefineImageStrip({
  sections,
  selectedKey,
  onSelect,
  ...chrome
}: ImageStripChrome & {
  sections: Array<{ key: string; label: string; images: StripImage[] }>;
  selectedKey: string | null;
  onSelect: (image: StripImage) => void;
}) {
  const stripSections = sections.map((section) => ({
    key: section.key,
    label: section.label,
    items: section.images.map((image) => ({
      key: image.key,
      url: image.thumbnailUrl,
      label: image.title,
      selected: image.key === selectedKey,
      placeholder: true,
      badge: image.fromCreate ? (image.imageType === 'generated' ? 'Render' : 'Input') : undefined,
      onSelect: () => onSelect(image),
    })),
  }));
  return <ImageStrip ariaLabel="Images to refine" uploadHint="Upload an image to refine (JPG, PNG or WEBP)" sections={stripSections} {...chrome} />;
}
