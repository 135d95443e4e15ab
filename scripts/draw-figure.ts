// Draws the figures of content items to look at them before committing (issue 38):
//   npx tsx scripts/draw-figure.ts content/questions/<file>.json [id ...]
// writes /tmp/figures/<id>.svg for every question with a figure (or only the ids given), and a PNG beside it when
// Chromium is installed (Debian's chromium or chromium-headless-shell), so the drawing can be opened as an image.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FigureSchema, renderFigure } from '../packages/domain/src/figures/figure.ts';

const [file, ...wanted] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx scripts/draw-figure.ts content/<kind>/<file>.json [id ...]');
  process.exit(2);
}
type Item = { id: string; figure?: unknown; questions?: Item[] };
const items = JSON.parse(readFileSync(file, 'utf8')) as Item[];
const questions = items.flatMap((item) => (item.questions ? item.questions : [item]));
const chosen = questions.filter((question) => question.figure && (wanted.length === 0 || wanted.includes(question.id)));
const out = '/tmp/figures';
mkdirSync(out, { recursive: true });
const written: string[] = [];
for (const question of chosen) {
  const figure = FigureSchema.parse(question.figure);
  const { svg } = renderFigure(figure);
  const target = path.join(out, `${question.id}.svg`);
  writeFileSync(target, svg);
  written.push(target);
  console.log(`${target} (${svg.length} bytes)`);
}
const browser = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));
if (browser && written.length > 0) {
  const { chromium } = await import('playwright-core');
  const instance = await chromium.launch({ executablePath: browser, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const page = await instance.newPage({ viewport: { width: 1040, height: 520 } });
  for (const target of written) {
    await page.setContent(`<html><body style="margin:0">${readFileSync(target, 'utf8')}</body></html>`);
    await page.screenshot({ path: target.replace(/\.svg$/, '.png'), fullPage: true });
    console.log(target.replace(/\.svg$/, '.png'));
  }
  await instance.close();
}
