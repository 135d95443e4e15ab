import { afterEach, describe, expect, it } from 'vitest';
import { readAppName } from './brand';

function setMeta(content: string | null) {
  document.head.querySelector('meta[name="application-name"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'application-name';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => setMeta(null));

describe('readAppName', () => {
  it('reads the brand the server wrote into the page', () => {
    setMeta('Medicina Plus');
    expect(readAppName()).toBe('Medicina Plus');
  });

  it("falls back to 'Galeno' when the placeholder was not replaced or the tag is missing", () => {
    setMeta('%APP_NAME%');
    expect(readAppName()).toBe('Galeno');
    setMeta(null);
    expect(readAppName()).toBe('Galeno');
  });
});
