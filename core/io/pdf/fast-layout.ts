// Speeds up pdfkit for spreadsheet texts. pdfkit shapes every distinct word with fontkit (GSUB,
// GPOS), and caches by word; a sheet of numbers is ~all distinct words, so shaping dominated the
// export (10k x 10 cells: ~70 % of the time). Strings made only of digits and number punctuation
// are laid out as the concatenation of per-character runs, cached per character, and not kept in
// pdfkit's per-word cache. That drops kerning, which is what the layout model measures (advance
// widths, as Excel lays out cells; in Carlito only ".-" and "++" kern among these characters).
// Other texts still go through fontkit. Touches two pdfkit internals (EmbeddedFont.layoutRun,
// layoutCached); if their shape changes, the patch does nothing.
interface Run {
  glyphs: unknown[];
  positions: Record<string, number>[];
  advanceWidth: number;
}
interface EmbeddedFontLike {
  layoutRun?: (text: string, features?: unknown) => Run;
  layoutCached?: (text: string) => Run;
}

const NUMERIC = /^[0-9.,%$€£¥+\-()/: ]+$/;
const patched = new WeakSet<object>();

export function patchFontLayout(font: unknown): void {
  const f = font as EmbeddedFontLike | undefined;
  if (!f || typeof f.layoutRun !== 'function' || patched.has(f)) return;
  patched.add(f);
  const original = f.layoutRun.bind(f);
  const perChar = new Map<string, Run>();
  f.layoutRun = (text, features) => {
    if (features || text.length < 2 || !NUMERIC.test(text)) return original(text, features);
    const glyphs: unknown[] = [];
    const positions: Record<string, number>[] = [];
    let advanceWidth = 0;
    for (const ch of text) {
      let run = perChar.get(ch);
      if (!run) perChar.set(ch, (run = original(ch)));
      if (run.glyphs.length !== 1) return original(text, features);
      glyphs.push(run.glyphs[0]);
      positions.push({ ...run.positions[0]! });
      advanceWidth += run.advanceWidth;
    }
    return { glyphs, positions, advanceWidth } as Run;
  };
  // pdfkit keeps every distinct word's run for the life of the document; for numbers that is
  // one entry per cell (~100 MiB of peak RSS at 100k cells), and composing them again is cheaper.
  if (typeof f.layoutCached === 'function') {
    const cached = f.layoutCached.bind(f);
    f.layoutCached = (text) => (text.length >= 2 && NUMERIC.test(text) ? f.layoutRun!(text) : cached(text));
  }
}
