import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The Spanish copy check: every user-facing text written in apps/web/src (JSX text, labels, titles,
 * placeholders, toasts, error messages) is read from the source with the TypeScript parser, so comments,
 * imports, class names, paths and code values never count, and each text is held to the rules a
 * Mexican-Spanish reader expects: no English words, no English-style Title Case, «ninguna» in a negative,
 * no gendered welcome, and a number that agrees with its unit.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

/**
 * The product spec's verbatim texts that a rule below would otherwise reject: the spec is the authority on them,
 * so they stay as written. Copied here so this test stands on its own. (The spec's two-word labels, such as
 * 'Mi Perfil', 'Cerrar Sesión', 'Pruebas Rápidas' or 'Membresía Expirada', are under the three-word Title Case
 * threshold and need no entry.)
 */
const SPEC_TEXTS = [
  // The discount claim form's field and success screen.
  'Email',
  '¡Email enviado!',
  // The membership purchase's empty state.
  'No has seleccionado alguna membresía',
  // The error thrown when the payment provider gives no session.
  'Failed to create stripe session',
  // The speciality as the spec lists it (without the comma of the official name).
  'Audiología Otoneurología y Foniatría',
];

/** Proper names, written with capitals in Spanish too: they never count as English-style Title Case. */
const PROPER_NAMES = [
  'Guías de Práctica Clínica',
  'Guía de Práctica Clínica',
  'Norma Oficial Mexicana',
  'Secretaría de Salud',
  'Instituto Mexicano del Seguro Social',
  'Examen Nacional de Aspirantes a Residencias Médicas',
  // The SAT's document a factura's fiscal data are copied from (issue 20).
  'Constancia de Situación Fiscal',
  'Ministerio de Sanidad de España',
  // Areas and specialities (the quiz taxonomy and the 27 specialities of the profile).
  'Anatomía Patológica',
  'Calidad de la Atención Clínica',
  'Cirugía General',
  'Genética Médica',
  'Ginecología y Obstetricia',
  'Imagenología Diagnóstica y Terapéutica',
  'Medicina de la Actividad Física y Deportiva',
  'Medicina de Rehabilitación',
  'Medicina de Urgencias',
  'Medicina del Trabajo y Ambiental',
  'Medicina Familiar',
  'Medicina Interna',
  'Medicina Legal',
  'Medicina Nuclear e Imagenología Molecular',
  'Medicina Preventiva',
  'Otorrinolaringología y Cirugía de Cabeza y Cuello',
  'Patología Clínica',
  'Pediatría y Neonatología',
  'Radio Oncología',
  'Salud Pública',
  'Traumatología y Ortopedia',
];

/**
 * English words that must not reach a Spanish screen (whole words, any case). Product words the spec uses in
 * Spanish (flashcard, quiz, ENARM, GPC, MIR, chat, spam) are not here; «error» and «no» are Spanish too.
 */
const ENGLISH_WORDS = [
  'the',
  'and',
  'of',
  'to',
  'is',
  'you',
  'your',
  'with',
  'loading',
  'submit',
  'save',
  'saved',
  'cancel',
  'next',
  'back',
  'email',
  'e-mail',
  'click',
  'please',
  'ok',
  'okay',
  'sorry',
  'success',
  'successfully',
  'welcome',
  'password',
  'login',
  'log in',
  'signup',
  'sign up',
  'logout',
  'log out',
  'settings',
  'dashboard',
  'score',
  'review',
  'free',
  'trial',
  'premium',
  'failed',
  'unknown',
  'unexpected',
  'home',
  'user',
  'account',
  'start',
  'retry',
  'link',
  'feedback',
  'checkout',
  'upgrade',
  'thanks',
  'help',
];

/** Lower-case words that may join the capitalised words of a Title Case run («Guardar De Nuevo», «Ver Planes de Membresía»). */
const CONNECTORS = new Set(['a', 'al', 'con', 'de', 'del', 'e', 'el', 'en', 'la', 'las', 'los', 'o', 'para', 'por', 'sin', 'u', 'y']);

interface Candidate {
  file: string;
  line: number;
  text: string;
}

interface Violation {
  rule: string;
  match: string;
}

/* ------------------------------------------------------------------ extraction */

/** Source files that can hold UI text: tests, test helpers and the test folder are left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || /-test-helpers\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

/** JSX attributes whose values are code (ids, classes, routes, types, SVG geometry), never words on screen. */
const CODE_ATTRIBUTE = new RegExp(
  '^(?:className|class|id|htmlFor|key|to|href|src|srcSet|type|role|name|rel|target|method|lang|dir|dateTime|pattern|accept|' +
    'autoComplete|autoCapitalize|inputMode|enterKeyHint|spellCheck|tabIndex|loading|decoding|viewBox|d|fill|stroke|' +
    'strokeWidth|strokeLinecap|strokeLinejoin|cx|cy|r|x|y|x1|x2|y1|y2|rx|ry|width|height|points|transform|xmlns|' +
    'aria-labelledby|aria-describedby|aria-controls|aria-live|aria-current|aria-haspopup|aria-hidden|aria-expanded|' +
    'aria-invalid|aria-atomic|aria-modal|data-[\\w-]+|\\w+ClassName)$',
);

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/**
 * Whether a string literal reads as words rather than code: not a path, URL, selector, media query, route,
 * class list or identifier, and either several words, a capitalised word or a Spanish letter.
 */
function looksLikeText(raw: string): boolean {
  const text = raw.trim();
  if (!/\p{L}{2}/u.test(text)) return false;
  if (/^(?:\.{0,2}\/|https?:|mailto:|#|\?|@|[a-z]+:\/\/)/.test(text)) return false;
  if (/[<>{}[\]=\\|]/.test(text) || /^\(?[a-z-]+:/.test(text) || /^[a-z-]+\(/.test(text)) return false;
  if (/^(?:GET|POST|PUT|PATCH|DELETE) \//.test(text)) return false;
  const tokens = text.split(/\s+/);
  const classLike = (token: string) => /^[a-z0-9!:\-/.[\]()%#_,&>~*+@]+$/.test(token);
  if (tokens.every(classLike) && tokens.some((token) => /[-:]/.test(token))) return false;
  if (tokens.length === 1) {
    if (/^[a-z][\w\-.:/]*$/.test(text)) return false; // 'loading', 'trial-period', 'application/json'
    if (/^[a-z]+[A-Z]\w*$|^[A-Z][a-z]+[A-Z]\w*$/.test(text)) return false; // 'matchMedia', 'AbortError'
    if (/^[%A-Z0-9_-]+$/.test(text)) return false; // 'TRIAL', 'MEMBERSHIP_EXPIRED'
    if (!/\P{ASCII}/u.test(text) && !/^[A-ZÁÉÍÓÚÑ¿¡][\p{Ll}]/u.test(text)) return false;
  }
  return true;
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** The texts of one file that a person can read on screen (or hear from a screen reader). */
function extractTexts(fileName: string, code: string): Candidate[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Candidate[] = [];
  const add = (node: ts.Node, text: string) => found.push({ file: fileName, line: lineOf(source, node), text });

  const visit = (node: ts.Node): void => {
    // Module specifiers and types are code.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) return;
      if (ts.isIdentifier(callee) && callee.text === 'require') return;
      // Developer logs are not read by students.
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'console') return;
    }
    // A literal thrown as `new Error('…')` is a developer invariant; messages people read live in named constants.
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text.endsWith('Error')) {
      node.arguments?.forEach((argument) => {
        if (!ts.isStringLiteralLike(argument)) visit(argument);
      });
      return;
    }
    if (ts.isJsxAttribute(node) && CODE_ATTRIBUTE.test(node.name.getText(source))) return;
    // Comparisons, `case` labels, keys and element access hold code values ('Enter', 'free', 'loading').
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      for (const side of [node.left, node.right]) if (!ts.isStringLiteralLike(side)) visit(side);
      return;
    }
    if (ts.isCaseClause(node)) {
      if (!ts.isStringLiteralLike(node.expression)) visit(node.expression);
      node.statements.forEach(visit);
      return;
    }
    if (ts.isPropertyAssignment(node)) {
      if (ts.isComputedPropertyName(node.name)) visit(node.name);
      visit(node.initializer);
      return;
    }
    if (ts.isElementAccessExpression(node)) {
      visit(node.expression);
      if (!ts.isStringLiteralLike(node.argumentExpression)) visit(node.argumentExpression);
      return;
    }

    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (/\p{L}/u.test(text)) add(node, text);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (looksLikeText(node.text)) add(node, node.text);
      return;
    }
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      // `${n} días` is checked as a whole with a stand-in number, so the words around each value read together.
      const joined = parts.join('{…}');
      if (looksLikeText(parts.join(' '))) add(node, joined);
      node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/* ------------------------------------------------------------------ rules */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any word of ENGLISH_WORDS, whole (Unicode letters around it do not count as a boundary), any case. */
const ENGLISH = new RegExp(`(?<![\\p{L}\\p{N}])(?:${ENGLISH_WORDS.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
/** Stands in for an allowed text: it ends a Title Case run and is not a word. */
const MASK = ' \u2022 ';

function maskAllowed(text: string): string {
  return [...SPEC_TEXTS, ...PROPER_NAMES]
    .sort((a, b) => b.length - a.length)
    .reduce((masked, allowed) => masked.split(allowed).join(MASK), text);
}

/** Runs of English-style Title Case: three or more capitalised words, lower-case connectors allowed between them. */
function titleCaseRuns(text: string): string[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  let run: string[] = [];
  let capitals = 0;
  const runs: string[] = [];
  const close = () => {
    while (run.length > 0 && CONNECTORS.has(run.at(-1)!)) run.pop();
    if (capitals >= 3) runs.push(run.join(' '));
    run = [];
    capitals = 0;
  };
  for (const token of tokens) {
    const bare = token.replace(/^[¿¡«"“(]+/, '');
    const ends = /[.,;:!?»"”)…]$/.test(token);
    // Acronyms (ENARM, GPC, MIR) are capitals in every language: they neither count nor break a run.
    if (/^\p{Lu}{2,}/u.test(bare) && !/\p{Ll}/u.test(bare)) {
      if (ends) close();
      continue;
    }
    if (/^\p{Lu}(?:\p{Ll}|[.,;:!?»"”)…]?$)/u.test(bare)) {
      run.push(token);
      capitals += 1;
    } else if (run.length > 0 && CONNECTORS.has(bare)) {
      run.push(token);
    } else {
      close();
      continue;
    }
    if (ends) close();
  }
  close();
  return runs;
}

const WRONG_FORMS: { rule: string; pattern: RegExp }[] = [
  { rule: '«alguna» en una negación (usa «ninguna»)', pattern: /(?<![\p{L}])no(?![\p{L}])[^.]*(?<![\p{L}])alguna(?![\p{L}])/iu },
  {
    rule: 'bienvenida con género (usa «Te damos la bienvenida»)',
    pattern: /(?<![\p{L}])(?<!(?:la|una|su|tu) )bienvenid[oa]s?(?![\p{L}])/iu,
  },
  {
    rule: 'número singular con unidad en plural',
    pattern:
      /(?<![\p{L}\p{N}.,])1 (?:días|horas|minutos|segundos|semanas|meses|años|preguntas|correctas|tarjetas|intentos|invitaciones|personas|casos)(?![\p{L}])/u,
  },
  {
    rule: 'número plural con unidad en singular',
    pattern: /(?<![\p{L}\p{N}.,])(?:[02-9]|\d{2,}) (?:día|hora|minuto|segundo|semana|mes|año)(?![\p{L}])/u,
  },
];

/** What is wrong with one text, after the spec's texts and proper names are set aside. */
function checkText(text: string): Violation[] {
  const masked = maskAllowed(text);
  const violations: Violation[] = [];
  for (const [english] of masked.matchAll(ENGLISH)) violations.push({ rule: 'palabra en inglés', match: english });
  for (const run of titleCaseRuns(masked)) {
    violations.push({ rule: 'mayúsculas de título en inglés (usa mayúscula solo al inicio)', match: run });
  }
  for (const { rule, pattern } of WRONG_FORMS) {
    const found = pattern.exec(masked);
    if (found) violations.push({ rule, match: found[0] });
  }
  return violations;
}

/* ------------------------------------------------------------------ tests */

describe('the rules themselves', () => {
  it.each([
    ['Loading...', 'palabra en inglés'],
    ['Tu email', 'palabra en inglés'],
    ['Ok', 'palabra en inglés'],
    ['Prueba Premium gratis', 'palabra en inglés'],
    ['Guardar Y Salir Ahora', 'mayúsculas de título en inglés (usa mayúscula solo al inicio)'],
    ['Ver Planes de Membresía', 'mayúsculas de título en inglés (usa mayúscula solo al inicio)'],
    ['No elegiste alguna opción', '«alguna» en una negación (usa «ninguna»)'],
    ['¡Bienvenido a Galeno!', 'bienvenida con género (usa «Te damos la bienvenida»)'],
    ['Te queda 1 días', 'número singular con unidad en plural'],
    ['Faltan 3 hora', 'número plural con unidad en singular'],
  ])('flags «%s» (%s)', (text, rule) => {
    expect(checkText(text).map((violation) => violation.rule)).toContain(rule);
  });

  it.each([
    'Membresía Expirada',
    '¡Email enviado!',
    'No has seleccionado alguna membresía',
    'Repasa las Guías de Práctica Clínica de Medicina Interna',
    'Repasa Cirugía General: abdomen agudo',
    'Preguntas MIR España: exámenes del Ministerio de Sanidad de España',
    'Flashcards de las GPC para el ENARM',
    'Te damos la bienvenida',
    'Queda 1 minuto; faltan 21 días y 2 horas',
    'Ocurrió un error inesperado.',
    'No dentro de Facebook, Instagram, TikTok u otra red social',
  ])('lets «%s» pass', (text) => {
    expect(checkText(text)).toEqual([]);
  });

  it('reads JSX text, labels and messages, and leaves code, comments and class names alone', () => {
    const texts = extractTexts(
      'x.tsx',
      [
        "import { a } from './the-module';",
        '// Loading the next page, please wait',
        "const MESSAGE = 'No pudimos guardar tu respuesta.';",
        "export function X({ state }: { state: 'loading' | 'error' }) {",
        "  if (state === 'loading') console.error('Failed to load the data');",
        '  return <p className="text-sm font-bold" aria-label="Cerrar aviso" data-testid="save-button">Hola, {state} Ok</p>;',
        '}',
      ].join('\n'),
    ).map((candidate) => candidate.text);
    expect(texts).toEqual(['No pudimos guardar tu respuesta.', 'Cerrar aviso', 'Hola,', 'Ok']);
  });
});

describe('the Spanish copy of apps/web/src', () => {
  const candidates = sourceFiles(SRC).flatMap((path) =>
    extractTexts(join('apps/web/src', relative(SRC, path)), readFileSync(path, 'utf8')),
  );

  it('finds the texts to check', () => {
    // A guard against an extraction that silently finds nothing.
    expect(candidates.length).toBeGreaterThan(500);
  });

  it('has no English words, English Title Case, «no … alguna», gendered welcomes or number/unit mismatches', () => {
    const problems = candidates.flatMap(({ file, line, text }) =>
      checkText(text).map(({ rule, match }) => `${file}:${line}: ${rule}: «${match}» en «${text}»`),
    );
    expect(problems).toEqual([]);
  });
});
