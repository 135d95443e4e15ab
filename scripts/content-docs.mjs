// `npm run content:docs`: writes docs/content.md from what `npm run content:check` prints about content/, so the
// counts in the docs follow the content and are never typed by hand (issue 38). scripts/content-docs.test.ts fails
// when the file is out of date.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTENT_DOCS = path.join(root, 'docs/content.md');

/** The page: a title, where it comes from, then the check's Markdown without its closing verdict. */
export function contentDocs() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/content/check.ts'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`content:check failed:\n${run.stdout}\n${run.stderr}`);
  const body = run.stdout.replace(/\n*✓ content is valid\s*$/, '').trim();
  return [
    '# Content',
    '',
    'What our own ENARM bank and the Spanish MIR banks hold, as `npm run content:check` prints it. Written by',
    '`npm run content:docs`; never edit it by hand (a test fails when it is out of date). How to write items:',
    '`docs/content-format.md`; their second reading: `content/REVIEW.md`.',
    '',
    body,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONTENT_DOCS, contentDocs());
  console.log(`docs/content.md written from content/`);
}
