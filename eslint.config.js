import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresRoot = path.resolve('apps/web/src/features');

function featureOf(file) {
  const relative = path.relative(featuresRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

/** Feature folders never import each other: shared pieces live in components/ui, lib or packages/domain. */
const noCrossFeatureImports = {
  meta: { type: 'problem', messages: { cross: "Feature '{{from}}' must not import from feature '{{to}}'; move shared code to components/ui, lib or packages/domain." } },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string') return;
      let target = null;
      if (source.startsWith('.')) target = featureOf(path.resolve(path.dirname(context.filename), source));
      else {
        const match = /(?:^|\/)features\/([^/]+)/.exec(source);
        if (match) target = match[1];
      }
      if (target && target !== from) context.report({ node, messageId: 'cross', data: { from, to: target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const webRoot = path.resolve('apps/web/src');

/** Which layer of the web app a file is in: app, features, components, lib or test (null outside src/). */
function layerOf(file) {
  const relative = path.relative(webRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, second] = relative.split(path.sep);
  return second === undefined ? 'app' : first;
}

/** app → features → components | lib → domain: what each layer may import from the others. */
const ALLOWED_LAYERS = {
  app: ['app', 'features', 'components', 'lib'],
  features: ['features', 'components', 'lib'],
  components: ['components', 'lib'],
  lib: ['lib'],
};

/** Imports only run down the layers: a feature never imports app/, lib/ never imports a component or a feature. */
const layers = {
  meta: { type: 'problem', messages: { up: "'{{from}}' must not import from '{{to}}' (layers: app → features → components | lib → domain)." } },
  create(context) {
    // Tests (and their helpers) compose every layer on purpose.
    if (/(\.test|-test-helpers)\.tsx?$/.test(context.filename)) return {};
    const from = layerOf(context.filename);
    const allowed = from && ALLOWED_LAYERS[from];
    if (!allowed) return {};
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), source));
      if (to && !allowed.includes(to)) context.report({ node, messageId: 'up', data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'apps/api/src/db/migrations/**', 'e2e/artifacts/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The question-session engine (issue 36, F1): quiz and simulacros both build on `sessions` (sessions, answers,
  // grading, saving, seals) and `bank` (question reads); neither of those reaches back up, and a simulacro's path from
  // start to graded result never enters the quiz module.
  {
    files: ['apps/api/src/modules/sessions/**/*.ts', 'apps/api/src/modules/bank/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['../quiz/*', '../simulacros/*'], message: 'sessions/ and bank/ sit below quiz and simulacros.' }] }] },
  },
  {
    files: ['apps/api/src/modules/simulacros/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['../quiz/*'], message: 'A simulacro builds on sessions/ and bank/, never on the quiz module.' }] }] },
  },
  // Typed API calls (issue 36, F2): the page calls the API only through the route manifest (`lib/api.ts`), so no call
  // site spells a path or a method of its own.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api.ts', 'apps/web/src/lib/api-client.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['./api-client', '../lib/api-client', '../../lib/api-client', '../../../lib/api-client'].map((name) => ({ name, importNames: ['apiFetch'], message: 'Call the API through lib/api.ts (api.<area>.<name>), typed by the route manifest.' })) },
      ],
    },
  },
  // Playwright reads a fixture's dependencies from its destructured first argument, even an empty one.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, galeno: { rules: { 'no-cross-feature-imports': noCrossFeatureImports, layers } } },
    rules: { ...reactHooks.configs.recommended.rules, 'galeno/no-cross-feature-imports': 'error', 'galeno/layers': 'error' },
  },
);
