import { describe, expect, it } from 'vitest';
import { pickEncoding } from './encoded-body.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, among what the client accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('GZIP')).toBe('gzip');
  });

  it('honours q=0 and sends identity when nothing usable is accepted', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*;q=0, identity')).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
