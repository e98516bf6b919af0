// Text in formulas as Excel writes it: a quote inside text is doubled (="a""b" is a"b) and a
// backslash is an ordinary character (="C:\"). HyperFormula's lexer reads \" as an escape and ends
// text at the first quote, so ="a""b" did not parse (the formula was kept, not computed) and
// ="C:\" neither. This gives its text token Excel's pattern, makes the doubled quotes of each
// parsed text single, and has the engine write them doubled again wherever it writes a formula
// back (after rows move, say), so a formula reads back and exports as it was typed. Lexers are
// built per engine from the shared token objects (as in hf-long-names.ts): installed once, before
// the first engine, by engineConfig().
import { HyperFormula } from 'hyperformula';

interface Token {
  name: string;
  PATTERN: RegExp;
}
interface Node {
  type?: string;
  value?: unknown;
  leadingWhitespace?: string;
}
type Parse = (this: unknown, tokens: { tokenType: unknown; image: string }[], address: unknown) => { ast: unknown };
type Unparse = (this: unknown, ast: Node, address: unknown) => string;
interface Internals {
  _parser: { lexerConfig: { allTokens: Token[] }; formulaParser: object };
  _unparser: object;
}

/** Text between quotes, a quote inside doubled. */
const EXCEL_TEXT = /"(?:[^"]|"")*"/;

/** Makes the doubled quotes of every text literal in a parsed formula single. */
function singleQuotes(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(singleQuotes);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as Node & Record<string, unknown>;
  if (n.type === 'STRING' && typeof n.value === 'string') {
    n.value = n.value.replaceAll('""', '"');
    return;
  }
  for (const key of ['args', 'left', 'right', 'value', 'expression']) if (key in n) singleQuotes(n[key]);
}

let patched = false;

export function patchQuotedText(): void {
  if (patched) return;
  patched = true;
  const hf = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const internals = hf as unknown as Internals;
  const token = internals._parser.lexerConfig.allTokens.find((t) => t.name === 'StringLiteral');
  const parser = Object.getPrototypeOf(internals._parser.formulaParser) as { parseFromTokens: Parse };
  const unparser = Object.getPrototypeOf(internals._unparser) as { unparseAst: Unparse };
  hf.destroy();
  if (!token) return;
  token.PATTERN = EXCEL_TEXT;
  const parse = parser.parseFromTokens;
  parser.parseFromTokens = function (tokens, address) {
    const out = parse.call(this, tokens, address);
    if (tokens.some((t) => t.tokenType === token && t.image.includes('""'))) singleQuotes(out.ast);
    return out;
  };
  const unparse = unparser.unparseAst;
  unparser.unparseAst = function (ast, address) {
    if (ast.type === 'STRING' && typeof ast.value === 'string') return `${ast.leadingWhitespace ?? ''}"${ast.value.replaceAll('"', '""')}"`;
    return unparse.call(this, ast, address);
  };
}
