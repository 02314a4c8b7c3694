import { useCallback, useRef, useState } from 'react';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_LIMITS, type InputImage } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { uploadInputImage } from '../../../app/api/images';
import { refineInputAdded } from '../../../app/api/refine';
import { useAppDispatch } from '../../../app/hooks';

export interface UploadState {
  uploading: boolean;
  /** 0–100; back to 0 after a failure (spec §8). */
  progress: number;
  fileName: string | null;
  previewUrl: string | null;
  error: string | null;
}

const idle: UploadState = { uploading: false, progress: 0, fileName: null, previewUrl: null, error: null };

/** Uploads one image with uploadSource REFINE_MODULE; it joins the strip and `onUploaded` selects it. */
export function useRefineUpload(onUploaded: (image: InputImage) => void) {
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
          uploadSource: 'REFINE_MODULE',
          dispatch,
          onProgress: (progress) => setState((s) => (s.uploading ? { ...s, progress } : s)),
        });
        dispatch(refineInputAdded(image));
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
    [dispatch, onUploaded],
  );

  /** A drop that was not an image (spec §2: drops accept only image/*). */
  const reject = useCallback(() => setState({ ...idle, error: IMAGE_MESSAGES.unsupportedType }), []);

  return { ...state, upload, reject };
}
