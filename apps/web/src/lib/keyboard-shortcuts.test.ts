import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYBOARD_SHORTCUTS_STORAGE_KEY, useKeyboardShortcutsEnabled } from './keyboard-shortcuts';

afterEach(() => {
  localStorage.clear();
});

describe('useKeyboardShortcutsEnabled', () => {
  it('is on by default, and turning it off is stored and shared by every reader', () => {
    const first = renderHook(() => useKeyboardShortcutsEnabled());
    const second = renderHook(() => useKeyboardShortcutsEnabled());
    expect(first.result.current[0]).toBe(true);
    act(() => first.result.current[1](false));
    expect(localStorage.getItem(KEYBOARD_SHORTCUTS_STORAGE_KEY)).toBe('off');
    expect(second.result.current[0]).toBe(false);
    act(() => second.result.current[1](true));
    expect(localStorage.getItem(KEYBOARD_SHORTCUTS_STORAGE_KEY)).toBeNull();
    expect(first.result.current[0]).toBe(true);
  });

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useKeyboardShortcutsEnabled());
    localStorage.setItem(KEYBOARD_SHORTCUTS_STORAGE_KEY, 'off');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEYBOARD_SHORTCUTS_STORAGE_KEY, newValue: 'off' }));
    });
    expect(result.current[0]).toBe(false);
  });
});
