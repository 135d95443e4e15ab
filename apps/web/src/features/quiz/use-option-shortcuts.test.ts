import { describe, expect, it } from 'vitest';
import { keyToOptionIndex } from './use-option-shortcuts';

describe('keyToOptionIndex', () => {
  it('maps A–J in either case to options 0–9', () => {
    expect(['a', 'B', 'c', 'D', 'e', 'f', 'g', 'h', 'i', 'J'].map(keyToOptionIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('maps the number row 1–9 to options 0–8 and 0 to the tenth', () => {
    expect(['1', '2', '9', '0'].map(keyToOptionIndex)).toEqual([0, 1, 8, 9]);
  });

  it('ignores every other key', () => {
    expect(['k', 'z', 'ñ', ' ', 'Enter', 'ArrowDown', 'F1', '-'].map(keyToOptionIndex)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
