import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardShortcutsToggle } from './keyboard-shortcuts-toggle';

afterEach(() => {
  vi.unstubAllGlobals();
});

function pointer(fine: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(pointer: fine)' ? fine : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

describe("'Atajos de teclado'", () => {
  it('shows on a computer', () => {
    pointer(true);
    render(<KeyboardShortcutsToggle hint="Enter califica." />);
    expect(screen.getByRole('checkbox', { name: 'Atajos de teclado' })).toBeTruthy();
  });

  it('stays out of a touch screen until a key is pressed there (a keyboard attached)', () => {
    pointer(false);
    render(<KeyboardShortcutsToggle hint="Enter califica." />);
    expect(screen.queryByRole('checkbox', { name: 'Atajos de teclado' })).toBeNull();
    act(() => {
      fireEvent.keyDown(window, { key: 'a' });
    });
    expect(screen.getByRole('checkbox', { name: 'Atajos de teclado' })).toBeTruthy();
  });
});
