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

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/src/db/migrations/**', 'e2e/artifacts/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Playwright reads a fixture's dependencies from its destructured first argument, even an empty one.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, galeno: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { ...reactHooks.configs.recommended.rules, 'galeno/no-cross-feature-imports': 'error' },
  },
);
