import { useRef } from 'react';
import type { InputImage } from '@atelier/contract';
import { useImageDrop } from '../upload/useImageDrop';
import { useImageUpload, type ImageUploadOptions } from '../upload/useImageUpload';

/**
 * The upload of a workspace screen: the upload itself (progress, error), the hidden file input
 * the strip's upload tile and the empty canvas open (`browse`), and drag-and-drop onto the canvas
 * (`drop`, off while an upload runs). `rejectNonImages` reports a dropped file that is not an image.
 */
export function useWorkspaceUpload(onUploaded: (image: InputImage) => void, options: ImageUploadOptions & { rejectNonImages?: boolean }) {
  const upload = useImageUpload(onUploaded, options);
  const fileInput = useRef<HTMLInputElement>(null);
  const browse = () => fileInput.current?.click();
  const drop = useImageDrop((file) => void upload.upload(file), options.rejectNonImages ? upload.reject : undefined, upload.uploading);
  return { upload, fileInput, browse, drop };
}

