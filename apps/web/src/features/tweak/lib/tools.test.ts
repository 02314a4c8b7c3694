import { describe, expect, it } from 'vitest';
import { shortcutFor } from './tools';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}, target: EventTarget | null = document.body) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target,
  ...mods,
});

describe('tweak shortcuts', () => {
  it('undo with Ctrl or Cmd+Z; redo with Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y', () => {
    expect(shortcutFor(key('z', { ctrlKey: true }))).toEqual({ kind: 'undo' });
    expect(shortcutFor(key('z', { metaKey: true }))).toEqual({ kind: 'undo' });
    expect(shortcutFor(key('Z', { ctrlKey: true, shiftKey: true }))).toEqual({ kind: 'redo' });
    expect(shortcutFor(key('z', { metaKey: true, shiftKey: true }))).toEqual({ kind: 'redo' });
    expect(shortcutFor(key('y', { ctrlKey: true }))).toEqual({ kind: 'redo' });
  });

  it('are ignored while typing in a field', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    expect(shortcutFor(key('z', { ctrlKey: true }, input))).toBeNull();
    expect(shortcutFor(key('r', {}, textarea))).toBeNull();
  });

  it('pick tools by their letters and size the brush with [ and ]', () => {
    expect(shortcutFor(key('r'))).toEqual({ kind: 'tool', tool: 'rectangle' });
    expect(shortcutFor(key('V'))).toEqual({ kind: 'tool', tool: 'select' });
    expect(shortcutFor(key(']'))).toEqual({ kind: 'brush', delta: 10 });
    expect(shortcutFor(key('r', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('q'))).toBeNull();
  });
});
