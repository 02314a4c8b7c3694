import { act, renderHook } from '@testing-library/react';
import toast, { useToaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_TOAST_OPTIONS } from './toast';

describe('the app toaster', () => {
  afterEach(() => act(() => toast.remove()));

  it('keeps blank toasts 4 s, success and error toasts 3 s (spec §9)', () => {
    const { result } = renderHook(() => useToaster(APP_TOAST_OPTIONS));
    act(() => {
      toast('Saved to your gallery');
      toast.success('Done');
      toast.error('Failed');
    });
    const duration = (text: string) => result.current.toasts.find((t) => t.message === text)?.duration;
    expect(duration('Saved to your gallery')).toBe(4000);
    expect(duration('Done')).toBe(3000);
    expect(duration('Failed')).toBe(3000);
  });
});
