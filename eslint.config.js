// npm run lint: typescript-eslint's recommended rules, and the boundaries of docs/architecture.md
// as rules — core imports no door and no db; db imports no door; an op file imports no other op
// file; no import circles anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Files under core/ops that define an op (index.ts files only list them). */
function opFiles() {
  const out = [];
  for (const area of readdirSync('core/ops', { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const f of readdirSync(join('core/ops', area.name))) {
      if (f.endsWith('.ts') && readFileSync(join('core/ops', area.name, f), 'utf8').includes('defineOp(')) out.push(`core/ops/${area.name}/${f}`);
    }
  }
  return out;
}
const OPS = opFiles();

const doors = (why) => ({ group: ['**/rest/**', '**/mcp/**', '**/bin/**'], message: why });

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', '.tmp/**', 'db/migrations/**', 'bench/results*', '**/*.py'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })], 'import-x/extensions': ['.ts', '.js'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [doors('core is transport-neutral: it imports no door (rest/, mcp/, bin/)'), { group: ['**/db/**'], message: 'core reaches storage through the Store interface (core/store.ts), never db/' }] }],
    },
  },
  {
    files: ['db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [doors('db implements core/store.ts; it imports no door')] }] },
  },
  // One block per area: an op file there may import neither another op of its area ('./x.ts') nor
  // one of another area ('../area/x.ts').
  ...[...new Set(OPS.map((f) => f.split('/')[2]))].map((area) => ({
    files: OPS.filter((f) => f.split('/')[2] === area),
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        doors('core is transport-neutral'),
        { group: ['**/db/**'], message: 'core never imports db/' },
        { group: OPS.map((f) => { const [, , a, name] = f.split('/'); return a === area ? `./${name}` : `../${a}/${name}`; }), message: 'an op file imports no other op file: move what they share to core/<area>/' },
      ] }],
    },
  })),
  {
    // Plain JavaScript run by Node (scripts/start.mjs, this file).
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
