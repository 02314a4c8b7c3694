import { useEffect, useRef } from 'react';
import type { TweakTool } from '@atelier/contract';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { shortcutFor } from '../lib/tools';
import { brushSizeChanged, redo, toolChanged, undo } from '../store/tweakSlice';

/** The screen's keyboard: undo/redo and tool keys (not while typing in a field). */
export function useTweakShortcuts(onTool: (tool: TweakTool) => void) {
  const dispatch = useAppDispatch();
  const brushSize = useAppSelector((s) => s.tweak.brushSize);
  const latest = useRef({ brushSize, onTool });
  useEffect(() => {
    latest.current = { brushSize, onTool };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e);
      if (!action) return;
      e.preventDefault();
      if (action.kind === 'undo') dispatch(undo());
      else if (action.kind === 'redo') dispatch(redo());
      else if (action.kind === 'brush') dispatch(brushSizeChanged(latest.current.brushSize + action.delta));
      else if (action.tool === 'addImage') latest.current.onTool('addImage');
      else dispatch(toolChanged(action.tool));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
}
