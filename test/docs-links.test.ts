// Every document the README and docs/ point to exists: markdown links and `path/to/file` mentions
// of repository files, so a renamed or deleted file cannot leave a dangling reference.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const TOP = /^(core|db|rest|mcp|bin|test|bench|docs|prompts|scripts|\.ci)\//;

function references(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) if (!/^[a-z]+:/i.test(m[1]!)) out.push(normalize(join(dirname(doc), m[1]!)));
  for (const m of text.matchAll(/`([\w./-]+\.(?:ts|md|py|json|sql|sh))`/g)) if (TOP.test(m[1]!)) out.push(m[1]!);
  return out;
}

describe('documentation', () => {
  it('links every doc from the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const doc of DOCS.filter((d) => d.startsWith('docs/'))) expect(readme, `README.md does not link ${doc}`).toContain(`](${doc})`);
  });

  it.each(DOCS)('%s points only at files that exist', (doc) => {
    const missing = references(doc).filter((ref) => !existsSync(join(ROOT, ref)));
    expect(missing).toEqual([]);
  });
});
