import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashWebSources, readStamp, staleReason, STAMP_FILE } from './web-build-stamp.mjs';

const stamp = (commit: string | null, sourceHash: string) => ({ commit, sourceHash });

describe('staleReason', () => {
  it('keeps a build made from the same commit and sources', () => {
    expect(staleReason(stamp('abc', 'h1'), stamp('abc', 'h1'))).toBeNull();
  });

  it('rebuilds a build without a stamp, from other sources or from another commit', () => {
    expect(staleReason(null, stamp('abc', 'h1'))).toMatch(/sello/);
    expect(staleReason(stamp('abc', 'h1'), stamp('abc', 'h2'))).toMatch(/cambió/);
    expect(staleReason(stamp('abc', 'h1'), stamp('def', 'h1'))).toMatch(/commit/);
  });

  it('falls back to the sources when either side has no git metadata', () => {
    expect(staleReason(stamp(null, 'h1'), stamp('abc', 'h1'))).toBeNull();
    expect(staleReason(stamp('abc', 'h1'), stamp(null, 'h1'))).toBeNull();
    expect(staleReason(stamp('abc', 'h1'), stamp(null, 'h2'))).not.toBeNull();
  });
});

describe('hashWebSources and readStamp', () => {
  it('change with a source file and read back what the build wrote', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'galeno-stamp-'));
    mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
    writeFileSync(path.join(root, 'apps/web/src/main.tsx'), 'render(1)');
    const before = hashWebSources(root);
    expect(hashWebSources(root)).toBe(before);
    writeFileSync(path.join(root, 'apps/web/src/main.tsx'), 'render(2)');
    expect(hashWebSources(root)).not.toBe(before);

    const dist = path.join(root, 'dist');
    mkdirSync(dist);
    expect(readStamp(dist)).toBeNull();
    writeFileSync(path.join(dist, STAMP_FILE), JSON.stringify(stamp('abc', before)));
    expect(readStamp(dist)).toEqual(stamp('abc', before));
    writeFileSync(path.join(dist, STAMP_FILE), 'not json');
    expect(readStamp(dist)).toBeNull();
  });
});
