// The tables a formula's structured references name (Sales in Sales[#All], Sales[[#This Row],[Units]]).
import { tryParse, visit } from './walk.ts';

/** Table names as written, each once; none when the text does not parse. */
export function tablesNamed(formula: string): string[] {
  if (!formula.includes('[')) return [];
  const f = tryParse(formula.startsWith('=') ? formula : `=${formula}`);
  const out = new Set<string>();
  if (f) visit(f.body, (n) => void (n.kind === 'structured' && n.table && out.add(n.table)));
  return [...out];
}
