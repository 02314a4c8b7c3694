import type { TweakTool } from '@atelier/contract';

/** The tools of the rail, in order, with their keys and what they do (shown in tooltips). */
export const TOOL_INFO: Array<{ tool: TweakTool; label: string; key: string; hint: string }> = [
  { tool: 'select', label: 'Select', key: 'V', hint: "Drag the frame's edge handles outward to extend the image (outpaint)." },
  { tool: 'move', label: 'Move', key: 'H', hint: 'Pan the view; move, scale and turn a placed picture with its handles.' },
  { tool: 'rectangle', label: 'Rectangle', key: 'R', hint: 'Drag a box over the area to change.' },
  { tool: 'brush', label: 'Brush', key: 'B', hint: 'Paint over the area to change. [ and ] change the size.' },
  { tool: 'pencil', label: 'Pencil', key: 'P', hint: 'Draw a free-hand outline around the area to change.' },
  { tool: 'cut', label: 'Cut', key: 'X', hint: 'Click a marked area or a placed image to remove it.' },
  { tool: 'addImage', label: 'Add image', key: 'I', hint: 'Place a picture (JPG, PNG or WEBP) on the image.' },
];

export const TOOL_BY_KEY: Record<string, TweakTool> = Object.fromEntries(TOOL_INFO.map((t) => [t.key.toLowerCase(), t.tool]));

/** Whether a key event comes from typing in a field (shortcuts are ignored then, spec §2). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT';
}

export type ShortcutAction = { kind: 'undo' } | { kind: 'redo' } | { kind: 'tool'; tool: TweakTool } | { kind: 'brush'; delta: number } | null;

/** Spec §2: Ctrl/Cmd+Z undo; Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y redo; tool keys without modifiers. */
export function shortcutFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'target'>): ShortcutAction {
  if (isTypingTarget(e.target)) return null;
  const key = e.key.toLowerCase();
  if (e.ctrlKey || e.metaKey) {
    if (key === 'z') return e.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
    if (key === 'y') return { kind: 'redo' };
    return null;
  }
  if (e.altKey) return null;
  if (key === '[') return { kind: 'brush', delta: -10 };
  if (key === ']') return { kind: 'brush', delta: 10 };
  const tool = TOOL_BY_KEY[key];
  return tool ? { kind: 'tool', tool } : null;
}
