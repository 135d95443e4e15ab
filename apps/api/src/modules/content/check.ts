// `npm run content:check [dir]`: validates every file under content/ (or another content folder) and prints what it holds.
import path from 'node:path';
import { readContent } from './files.ts';

const { items, problems } = readContent(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
const cases = items['clinical-cases'];
console.log(
  `content/: ${cases.length} casos clínicos (${cases.reduce((sum, c) => sum + c.questions.length, 0)} preguntas), ` +
    `${items.questions.length} preguntas sueltas, ${items.guides.length} guías (${items.guides.reduce((sum, g) => sum + g.flashcards.length, 0)} flashcards), ` +
    `${items['discount-quiz'].length} preguntas del quiz de descuento`,
);
// Flashcards per area, as the flashcards list groups them.
const byArea = new Map<string, { guides: number; cards: number }>();
for (const guide of items.guides) {
  const area = byArea.get(guide.category) ?? { guides: 0, cards: 0 };
  byArea.set(guide.category, { guides: area.guides + 1, cards: area.cards + guide.flashcards.length });
}
for (const [area, { guides, cards }] of [...byArea].sort(([a], [b]) => a.localeCompare(b, 'es'))) {
  console.log(`  ${area}: ${guides} guías, ${cards} flashcards`);
}
for (const problem of problems) console.error(`✗ ${problem.file}: ${problem.message}`);
if (problems.length) {
  console.error(`${problems.length} problem(s) found`);
  process.exit(1);
}
console.log('✓ content is valid');
