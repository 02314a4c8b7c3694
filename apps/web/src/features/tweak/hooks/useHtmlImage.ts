import { useEffect, useState } from 'react';

export type ImageStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** An HTMLImageElement for a URL (for Konva), with its loading status. */
export function useHtmlImage(url: string | null): { image: HTMLImageElement | null; status: ImageStatus } {
  const [state, setState] = useState<{ url: string | null; image: HTMLImageElement | null; status: ImageStatus }>({ url: null, image: null, status: 'idle' });
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    const img = new window.Image();
    img.decoding = 'async';
    img.onload = () => {
      if (!cancelled) setState({ url, image: img, status: 'loaded' });
    };
    img.onerror = () => {
      if (!cancelled) setState({ url, image: null, status: 'failed' });
    };
    img.src = url;
    return () => {
      cancelled = true;
    };
  }, [url]);
  if (!url) return { image: null, status: 'idle' };
  // Until the new image has loaded, nothing is shown (never the previous image at the new size).
  if (state.url !== url) return { image: null, status: 'loading' };
  return { image: state.image, status: state.status };
}
