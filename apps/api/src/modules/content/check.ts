// `npm run content:check [dir]`: validates every file under content/ (or another content folder), enforces the
// item-writing rules on our own bank, and prints the coverage of each bank as Markdown tables (the README's
// content section shows them).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QUIZ_TAXONOMY, UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';
import { ENARM_AREA_SHARES } from '@galeno/domain/simulacro';
import { GUIDELINE_KINDS, GUIDELINE_STATUSES } from '@galeno/domain/content';
import { contentRoot, readContent } from './files.ts';
import { checkQuality, CUE_SHARE } from './quality.ts';
import { headQaDated, parseHeadQa } from './formats/head-qa.ts';
import { KeyReviewSchema, parseCasiMedicos } from './formats/casimedicos.ts';
import type { ImportBatch } from './formats/types.ts';
import { wordModel } from './formats/model.ts';
import { comparablesOf } from './formats/match.ts';
import { handLabelsBeside } from './formats/hand-labels.ts';
import { DECISIONS_FILE, decisionsBeside } from './formats/decisions.ts';
import { FormatError } from './formats/types.ts';
import { EXTERNAL_BANKS, externalFiles } from './external.ts';

const root = process.argv[2] ? path.resolve(process.argv[2]) : contentRoot;
const { items, problems, guidelines, superseded } = readContent(root);
const quality = checkQuality(items, guidelines);
const failures = [
  ...problems.map((problem) => `${problem.file}: ${problem.message}`),
  ...quality.problems.map((problem) => `${problem.item}: ${problem.message}`),
  // The server would load these held from every pool (issue 39); the repository must not ship them.
  ...superseded.map((citation) => citation.message),
];

const table = (header: string[], rows: (string | number)[][]) =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
const percent = (part: number, whole: number) => `${whole ? Math.round((part / whole) * 100) : 0}%`;

// Our own bank: items per area and sub-speciality, topics, difficulty, English share, guidelines.
const cases = items['clinical-cases'];
const singles = items.questions;
const questionsOf = (filter: (tags: { especialidad: string; subEspecialidad: string }) => boolean) => ({
  cases: cases.filter((item) => filter(item.tags)).length,
  caseQuestions: cases.filter((item) => filter(item.tags)).reduce((sum, item) => sum + item.questions.length, 0),
  singles: singles.filter((item) => filter(item.tags)).length,
});
const ownRows: (string | number)[][] = [];
for (const area of QUIZ_TAXONOMY.filter((candidate) => candidate.name !== UNCLASSIFIED_AREA)) {
  for (const sub of area.subSpecialities) {
    const counts = questionsOf((tags) => tags.especialidad === area.name && tags.subEspecialidad === sub.name);
    const topics = new Set([...cases, ...singles].filter((item) => item.tags.subEspecialidad === sub.name).map((item) => item.tags.tema));
    ownRows.push([area.name, sub.name, counts.cases, counts.caseQuestions, counts.singles, counts.caseQuestions + counts.singles, `${sub.topics.filter((topic) => topics.has(topic)).length}/${sub.topics.length}`]);
  }
}
const totalQuestions = cases.reduce((sum, item) => sum + item.questions.length, 0) + singles.length;
// Questions whose stem shows a figure, and how many of those are ECGs the bank draws (issue 38).
const withFigure = [...cases.flatMap((item) => item.questions), ...singles].flatMap((question) => (question.figure ? [question.figure] : []));
const figuresOf = (kind: string) => withFigure.filter((figure) => figure.kind === kind).length;
const english = [...cases.filter((item) => item.language === 'en').map((item) => item.questions.length), singles.filter((item) => item.language === 'en').length].reduce((a, b) => a + b, 0);
// A case question may carry its own difficulty and guideline, which override the case's for it.
const difficulty = (level: string) =>
  cases.reduce((sum, item) => sum + item.questions.filter((question) => (question.dificultad ?? item.tags.dificultad) === level).length, 0) + singles.filter((item) => item.tags.dificultad === level).length;
const uncoveredTopics = QUIZ_TAXONOMY.flatMap((area) => area.subSpecialities.flatMap((sub) => sub.topics.filter((topic) => ![...cases, ...singles].some((item) => item.tags.subEspecialidad === sub.name && item.tags.tema === topic)).map((topic) => `${sub.name}: ${topic}`)));
const perGuideline = new Map<string, number>();
const citeOnce = (guideline: string | undefined) => {
  if (guideline) perGuideline.set(guideline, (perGuideline.get(guideline) ?? 0) + 1);
};
for (const item of cases) for (const question of item.questions) citeOnce(question.guideline ?? item.guideline);
for (const item of singles) citeOnce(item.guideline);

console.log(`## Banco propio (Galeno ENARM)\n`);
console.log(
  `${cases.length} casos clínicos (${cases.reduce((sum, item) => sum + item.questions.length, 0)} preguntas), ${singles.length} preguntas sueltas: ${totalQuestions} preguntas. ` +
    `${items.guides.length} guías (${items.guides.reduce((sum, guide) => sum + guide.flashcards.length, 0)} flashcards), ${items['discount-quiz'].length} preguntas del quiz de descuento.\n`,
);
console.log(table(['Área', 'Subespecialidad', 'Casos', 'Preguntas de caso', 'Preguntas sueltas', 'Preguntas', 'Temas cubiertos'], ownRows));
// Each area's share of the bank (issue 38: weighted like the ENARM).
const areaShares = ENARM_AREA_SHARES.map(({ area }) => {
  const inArea = ownRows.filter((row) => row[0] === area).reduce((sum, row) => sum + Number(row[5]), 0);
  return `${area} ${percent(inArea, totalQuestions)}`;
});
console.log(`\nPor área: ${areaShares.join(' · ')}.`);
console.log(
  `\nDificultad: Fácil ${difficulty('Fácil')} · Media ${difficulty('Media')} · Difícil ${difficulty('Difícil')}. ` +
    `En inglés: ${english} de ${totalQuestions} preguntas (${percent(english, totalQuestions)}). ` +
    `Con figura: ${withFigure.length} preguntas (electrocardiograma ${figuresOf('ecg')}, cardiotocografía ${figuresOf('ctg')}, espirometría ${figuresOf('spirometry')}, gráfica ${figuresOf('chart')}). ` +
    `Guías citadas: ${perGuideline.size} (${guidelines.filter((entry) => entry.status !== 'por verificar').length} verificadas en el registro de ${guidelines.length}).`,
);
// The registry by status and kind (issue 39): what items may cite, and what is left to verify.
const byStatus = GUIDELINE_STATUSES.map((status) => `${status} ${guidelines.filter((entry) => entry.status === status).length}`).join(' · ');
const byKind = GUIDELINE_KINDS.map((kind) => `${kind} ${guidelines.filter((entry) => entry.kind === kind).length}`).join(' · ');
console.log(
  `Registro de guías: ${guidelines.length} entradas (${byStatus}); por tipo: ${byKind}; ${guidelines.filter((entry) => entry.checkedAt).length} con fecha de verificación.`,
);
if (uncoveredTopics.length) console.log(`Temas sin ninguna pregunta (${uncoveredTopics.length}): ${uncoveredTopics.join('; ')}.`);
// Questions per topic, one line per sub-speciality.
const perTopic = new Map<string, number>();
for (const item of [...cases, ...singles]) perTopic.set(`${item.tags.subEspecialidad}/${item.tags.tema}`, (perTopic.get(`${item.tags.subEspecialidad}/${item.tags.tema}`) ?? 0) + ('questions' in item ? item.questions.length : 1));
console.log('\nPreguntas por tema:\n');
for (const area of QUIZ_TAXONOMY.filter((candidate) => candidate.name !== UNCLASSIFIED_AREA)) {
  for (const sub of area.subSpecialities) console.log(`- ${sub.name}: ${sub.topics.map((topic) => `${topic} ${perTopic.get(`${sub.name}/${topic}`) ?? 0}`).join(' · ')}`);
}
const byGuideline = [...perGuideline].sort((a, b) => b[1] - a[1]);
const titleOf = new Map(guidelines.map((entry) => [entry.id, `${entry.title}${entry.code ? ` (${entry.code}` : ' ('}${entry.code ? ', ' : ''}${entry.year ?? 's/a'})`]));
console.log(`\nPreguntas por guía (las 15 más citadas de ${byGuideline.length}; ${byGuideline.filter(([, count]) => count === 1).length} guías sostienen una sola pregunta):\n`);
console.log(table(['Guía', 'Preguntas'], byGuideline.slice(0, 15).map(([id, count]) => [titleOf.get(id) ?? id, count])));
// The answer-cue balance: how often the key is the longest, second-longest... option (20–30 % enforced for the first two).
const inBounds = (part: number, whole: number) => whole === 0 || (part / whole >= CUE_SHARE.min && part / whole <= CUE_SHARE.max);
console.log(
  `\nLongitud de la respuesta correcta entre las opciones (la más larga y la segunda más larga deben quedar entre ${CUE_SHARE.min * 100} y ${CUE_SHARE.max * 100} % en todo el banco y en cada subespecialidad; ✗ fuera de rango):\n`,
);
console.log(
  table(
    ['Subespecialidad', 'Preguntas', 'La más larga', 'La 2.ª', 'La 3.ª', 'La 4.ª', 'Sin 4 opciones'],
    quality.cues.map((row) => [
      row.group ?? '**Todo el banco propio**',
      row.questions,
      ...row.byRank.map((count, index) => `${percent(count, row.questions)} (${count})${index < 2 && !inBounds(count, row.questions) ? ' ✗' : ''}`),
      row.notFourOptions,
    ]),
  ),
);
const discountRows = [...new Set(items['discount-quiz'].map((item) => item.tags.especialidad))].sort().map((area) => {
  const inArea = items['discount-quiz'].filter((item) => item.tags.especialidad === area);
  return [area, inArea.length, ...['Fácil', 'Media', 'Difícil'].map((level) => inArea.filter((item) => item.tags.dificultad === level).length)];
});
console.log(`\nQuiz de descuento:\n\n${table(['Área', 'Preguntas', 'Fácil', 'Media', 'Difícil'], discountRows)}`);
const flashcardAreas = [...new Set(items.guides.map((guide) => guide.category))].sort();
console.log(`\nFlashcards:\n\n${table(['Área', 'Guías', 'Flashcards'], flashcardAreas.map((area) => { const guides = items.guides.filter((guide) => guide.category === area); return [area, guides.length, guides.reduce((sum, guide) => sum + guide.flashcards.length, 0)]; }))}`);

// The external banks, parsed as the loader imports them (no database needed), with the review's decisions.
const externalRoot = path.join(root, 'external');
const jsonFiles = (bank: (typeof EXTERNAL_BANKS)[number]) => externalFiles(root, bank);
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const model = wordModel(root);
/** A file the importer would refuse (a HEAD-QA 2016–2017 medicine exam, a malformed record) fails the check. */
const parsed = <T>(file: string, parse: () => T): T | undefined => {
  try {
    return parse();
  } catch (error) {
    failures.push(`${path.relative(root, file)}: ${error instanceof FormatError ? `refused: ${error.message}` : (error as Error).message}`);
    return undefined;
  }
};
const batches: ImportBatch[] = jsonFiles('head-qa').flatMap((file) => parsed(file, () => parseHeadQa(readJson(file), model, handLabelsBeside(file), decisionsBeside(file))) ?? []);
const dated = jsonFiles('head-qa').flatMap((file) => headQaDated(readJson(file)));
const official = batches.flatMap(comparablesOf);
const attached = new Set<string>();
/** Earlier records a later copy with another key holds for review (as the importer does in the database). */
const heldLater = new Set<string>();
let review;
try {
  review = KeyReviewSchema.parse(readJson(path.join(externalRoot, 'casimedicos', 'key-review.json')));
} catch {
  review = undefined;
}
const earlier: typeof official = [];
for (const file of jsonFiles('casimedicos')) {
  const batch = parsed(file, () => parseCasiMedicos(readJson(file), { model, official, earlier, review, labels: handLabelsBeside(file), dated, decisions: decisionsBeside(file) }));
  if (!batch) continue;
  for (const attachment of batch.attachments) attached.add(attachment.questionId);
  for (const hold of batch.holds) heldLater.add(hold.questionId);
  batches.push(batch);
  earlier.push(...comparablesOf(batch));
}
// Every decision names an item of its bank: a mistyped id would silently leave a wrong item served.
for (const bank of EXTERNAL_BANKS) {
  const files = jsonFiles(bank);
  const decisions = files[0] ? parsed(files[0], () => decisionsBeside(files[0]!)) : undefined;
  const ids = new Set(batches.filter((batch) => batch.bank === bank).flatMap((batch) => [...batch.cases, ...batch.questions].map((item) => item.id)));
  for (const [kind, entries] of Object.entries(decisions ?? {})) {
    if (typeof entries !== 'object') continue;
    for (const id of Object.keys(entries)) if (!ids.has(id)) failures.push(`external/${bank}/${DECISIONS_FILE}: ${kind} names '${id}', which is not an item of the bank`);
  }
}
if (batches.length) {
  const rows = new Map<string, { questions: number; explained: number; held: number; retired: number }>();
  let withYear = 0;
  for (const batch of batches) {
    for (const item of [...batch.cases.map((entry) => ({ ...entry, questionId: entry.questions[0]!.id, explanation: entry.questions[0]!.explanation })), ...batch.questions.map((entry) => ({ ...entry, questionId: entry.id }))]) {
      if (!item.source?.citation) failures.push(`${item.id}: an external item without source attribution`);
      if (/reconstruido a partir de tokens/i.test(`${item.source?.citation} ${item.explanation}`)) failures.push(`${item.id}: a note for data engineers shown to students («Texto reconstruido…»)`);
      const key = `${batch.bank} | ${item.tags.especialidad} | ${item.tags.subEspecialidad}`;
      const row = rows.get(key) ?? { questions: 0, explained: 0, held: 0, retired: 0 };
      const explained = !/^Pregunta oficial MIR sin explicación/.test(item.explanation) || attached.has(item.questionId);
      const retired = item.retireReason ? 1 : 0;
      const held = !retired && (item.holdReason || heldLater.has(item.questionId)) ? 1 : 0;
      if (!retired && !held && /^Examen MIR \d{4}$/.test(item.tags.tema)) withYear++;
      rows.set(key, { questions: row.questions + 1, explained: row.explained + (explained ? 1 : 0), held: row.held + held, retired: row.retired + retired });
    }
  }
  const sorted = [...rows].sort(([a], [b]) => a.localeCompare(b, 'es'));
  console.log(`\n## Bancos externos (MIR España)\n`);
  console.log(
    table(
      ['Banco', 'Área', 'Subespecialidad', 'Preguntas', 'Con explicación', 'Sin explicación', 'En revisión', 'Retiradas'],
      sorted.map(([key, row]) => [...key.split(' | '), row.questions, row.explained, row.questions - row.explained, row.held, row.retired]),
    ),
  );
  const total = [...rows.values()].reduce((sum, row) => ({ questions: sum.questions + row.questions, held: sum.held + row.held, retired: sum.retired + row.retired }), { questions: 0, held: 0, retired: 0 });
  const served = total.questions - total.held - total.retired;
  console.log(
    `\n${total.questions} preguntas MIR importadas, ${served} servidas, ${total.held} en revisión y ${total.retired} retiradas por la revisión médica; ` +
      `${batches.reduce((sum, batch) => sum + batch.skipped.length, 0)} registros omitidos con su motivo. ` +
      `Con el año de su examen: ${withYear} de ${served} servidas; con explicación de CasiMedicos, ${attached.size} preguntas oficiales.`,
  );
}

for (const item of quality.toReview) console.warn(`! ${item.item} rests on ${item.guideline}, which is superseded: review it`);
for (const failure of failures) console.error(`✗ ${failure}`);
if (failures.length) {
  console.error(`${failures.length} problem(s) found`);
  process.exit(1);
}
console.log('\n✓ content is valid');
