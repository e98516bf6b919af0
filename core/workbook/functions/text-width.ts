// ASC(text) and DBCS(text) / JIS(text): full-width (double-byte) ASCII and katakana to half-width,
// and back, with the exceptions of Japanese Excel that LibreOffice's specification recorded from it
// (Calc/Features/JIS_and_ASC_functions): " ' ` \ become ” ’ ‘ ￥ (and back), spaces are left as
// they are, and ｳﾞ becomes ウ゛ rather than ヴ. A voiced kana splits into its half-width letter and
// mark (ガ → ｶﾞ) and joins again (ｶﾞ → ガ). Hiragana and kanji have no half-width form: unchanged.
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const HALF_KANA = '｡｢｣､･ｦｧｨｩｪｫｬｭｮｯｰｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝﾞﾟ';
const FULL_KANA = '。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン゛゜';
const SPECIAL: [half: string, full: string][] = [['"', '”'], ["'", '’'], ['`', '‘'], ['\\', '￥']];
const VOICED = '゛', SEMI_VOICED = '゜';
/** Kana that take the voiced mark (the next code point), and those that take the semi-voiced one (two on). */
const VOICES = 'カキクケコサシスセソタチツテトハヒフヘホ', SEMI_VOICES = 'ハヒフヘホ';
/** Voiced kana outside the +1 rule; ウ゛ is not joined into ヴ, as in Excel's JIS. */
const OTHER_VOICED: Record<string, string> = { ヴ: 'ウ', ヷ: 'ワ', ヸ: 'ヰ', ヹ: 'ヱ', ヺ: 'ヲ' };

const toFull = new Map<string, string>();
const toHalf = new Map<string, string>();
for (let c = 0x21; c <= 0x7e; c++) toFull.set(String.fromCharCode(c), String.fromCharCode(c + 0xfee0));
for (let c = 0xff01; c <= 0xff5e; c++) toHalf.set(String.fromCharCode(c), String.fromCharCode(c - 0xfee0));
[...HALF_KANA].forEach((h, i) => {
  toFull.set(h, FULL_KANA[i]!);
  toHalf.set(FULL_KANA[i]!, h);
});
for (const [half, full] of SPECIAL) {
  toFull.set(half, full);
  toHalf.set(full, half);
}
// Japanese Excel reads a horizontal bar as the prolonged sound mark.
toHalf.set('―', 'ｰ');

const shifted = (c: string, by: number) => String.fromCharCode(c.charCodeAt(0) + by);

/** Full-width letters and kana to half-width; voiced kana become letter + mark. */
export function asc(text: string): string {
  let out = '';
  for (const c of text) {
    const base = VOICES.includes(shifted(c, -1)) ? [shifted(c, -1), VOICED] : SEMI_VOICES.includes(shifted(c, -2)) ? [shifted(c, -2), SEMI_VOICED] : OTHER_VOICED[c] ? [OTHER_VOICED[c], VOICED] : [c];
    for (const part of base) out += toHalf.get(part) ?? part;
  }
  return out;
}

/** Half-width letters and kana to full-width; a kana and its mark join into one voiced kana. */
export function jis(text: string): string {
  const full = [...text].map((c) => toFull.get(c) ?? c);
  const out: string[] = [];
  for (const c of full) {
    const prev = out[out.length - 1] ?? '';
    if (c === VOICED && VOICES.includes(prev)) out[out.length - 1] = shifted(prev, 1);
    else if (c === SEMI_VOICED && SEMI_VOICES.includes(prev)) out[out.length - 1] = shifted(prev, 2);
    else if (c === VOICED && (prev === 'ワ' || prev === 'ヲ')) out[out.length - 1] = prev === 'ワ' ? 'ヷ' : 'ヺ';
    else out.push(c);
  }
  return out.join('');
}

const text = [{ argumentType: FunctionArgumentType.STRING }];

export class WidthPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    ASC: { method: 'asc', parameters: text },
    DBCS: { method: 'jis', parameters: text },
    JIS: { method: 'jis', parameters: text },
  };

  asc(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ASC'), asc);
  }

  jis(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), jis);
  }
}
