import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_DOCS, contentDocs } from './content-docs.mjs';

describe('docs/content.md (issue 38)', () => {
  it('says what content/ holds today: run `npm run content:docs` after changing content', () => {
    expect(readFileSync(CONTENT_DOCS, 'utf8')).toBe(contentDocs());
  }, 60_000);
});
