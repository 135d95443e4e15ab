// docs/decisions/README.md indexes every decision record (issue 36, F7): a record added without its row fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');

describe('docs/decisions/README.md', () => {
  it('lists every decision record once, in order, with its status and date', () => {
    const records = readdirSync(folder)
      .filter((file) => /^\d{3}-.+\.md$/.test(file))
      .sort();
    const index = readFileSync(path.join(folder, 'README.md'), 'utf8');
    const rows = [...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) \| (.+?) \| (.+?) \| (\d{4}-\d{2}-\d{2}) \|$/gm)];
    expect(rows.map((row) => row[2])).toEqual(records);
    for (const row of rows) expect(row[2]!.startsWith(row[1]!)).toBe(true);
  });
});
