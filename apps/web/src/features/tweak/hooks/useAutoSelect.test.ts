import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoSelect } from './useAutoSelect';

describe('useAutoSelect', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('selects the finished result once its delay has passed', () => {
    const select = vi.fn();
    const { result } = renderHook(() => useAutoSelect(select));
    act(() => result.current.schedule('result 7', 1000));
    act(() => vi.advanceTimersByTime(999));
    expect(select).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(select).toHaveBeenCalledExactlyOnceWith('result 7');
  });

  it('does not override what the user picked while the delay ran', () => {
    const select = vi.fn();
    const { result } = renderHook(() => useAutoSelect(select));
    act(() => result.current.schedule('result 7', 1000));
    act(() => vi.advanceTimersByTime(400));
    act(() => result.current.cancel()); // the user chose an input
    act(() => vi.advanceTimersByTime(5000));
    expect(select).not.toHaveBeenCalled();
  });

  it('keeps only the newest of two waiting results, and nothing after unmount', () => {
    const select = vi.fn();
    const { result, unmount } = renderHook(() => useAutoSelect(select));
    act(() => result.current.schedule('first', 1000));
    act(() => result.current.schedule('second', 200));
    act(() => vi.advanceTimersByTime(2000));
    expect(select.mock.calls).toEqual([['second']]);
    act(() => result.current.schedule('third', 200));
    unmount();
    vi.advanceTimersByTime(2000);
    expect(select).toHaveBeenCalledTimes(1);
  });
});
