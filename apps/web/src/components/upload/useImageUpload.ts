import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useRef, useState } from 'react';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_LIMITS, type InputImage, type UploadSource } from '@atelier/contract';
import { uploadInputImage } from '../../app/api/images';
import { errorMessage } from '../../app/api/http';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';

export interface UploadState {
  uploading: boolean;
  /** 0–100; back to 0 after a failure (spec §8). */
  progress: number;
  fileName: string | null;
  /** A local preview of the file being sent. */
  previewUrl: string | null;
  error: string | null;
}

export interface ImageUploadOptions {
  /** Which screen the upload comes from (the server's default is CREATE_MODULE). */
  uploadSource?: UploadSource;
  /** The action that adds the new image to the screen's cached list (e.g. inputImageAdded). */
  added: (image: InputImage) => ThunkAction<unknown, RootState, unknown, UnknownAction>;
}

const idle: UploadState = { uploading: false, progress: 0, fileName: null, previewUrl: null, error: null };

/**
 * Uploads one input image with progress (Create, Refine); the new image joins the screen's cached
 * list through `added` and `onUploaded` selects it. `reject` reports a drop that was not an image
 * (spec §2: drops accept only image/*).
 */
export function useImageUpload(onUploaded: (image: InputImage) => void, { uploadSource, added }: ImageUploadOptions) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<UploadState>(idle);
  const busy = useRef(false);

  const upload = useCallback(
    async (file: File) => {
      if (busy.current) return;
      if (!file.type.startsWith('image/')) {
        setState({ ...idle, error: IMAGE_MESSAGES.unsupportedType });
        return;
      }
      if (file.size > IMAGE_UPLOAD_LIMITS.maxBytes) {
        setState({ ...idle, error: IMAGE_MESSAGES.tooLarge });
        return;
      }
      busy.current = true;
      const previewUrl = URL.createObjectURL(file);
      setState({ uploading: true, progress: 0, fileName: file.name, previewUrl, error: null });
      try {
        const image = await uploadInputImage(file, {
          uploadSource,
          dispatch,
          onProgress: (progress) => setState((s) => (s.uploading ? { ...s, progress } : s)),
        });
        dispatch(added(image));
        setState(idle);
        onUploaded(image);
      } catch (error) {
        console.error('Upload failed:', error);
        setState({ ...idle, error: errorMessage(error, IMAGE_MESSAGES.uploadFailed) });
      } finally {
        busy.current = false;
        URL.revokeObjectURL(previewUrl);
      }
    },
    [dispatch, onUploaded, uploadSource, added],
  );

  const clearError = useCallback(() => setState((s) => ({ ...s, error: null })), []);
  const reject = useCallback(() => setState({ ...idle, error: IMAGE_MESSAGES.unsupportedType }), []);

  return { ...state, upload, clearError, reject };
}
