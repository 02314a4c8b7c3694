import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedModal } from './useDelayedModal';

describe('useDelayedModal (spec §9: modal delay 100 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the modal 100 ms after the click, not at once', () => {
    const { result } = renderHook(() => useDelayedModal());
    act(() => result.current.openSoon());
    expect(result.current.open).toBe(false);
    act(() => vi.advanceTimersByTime(99));
    expect(result.current.open).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(true);
  });

  it('a close before the delay ends cancels the opening', () => {
    const { result } = renderHook(() => useDelayedModal());
    act(() => result.current.openSoon());
    act(() => result.current.setOpen(false));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.open).toBe(false);
  });
});
