// The stored shape of one cell. Plain literals are bare JSON scalars (the common case, compact in
// tiles); anything richer is a small object.

export type Scalar = number | string | boolean;

/** One run of a rich text: its text and its font as Excel's run properties (bold, italic, size, name, color, ...). */
export interface TextRun {
  t: string;
  font?: Record<string, unknown>;
}

export interface RichCell {
  /** Literal value, or the cached result of the formula / spill. */
  v?: Scalar | null;
  /** Formula text including the leading '='. */
  f?: string;
  /** Formula error value (#DIV/0!, #REF!, ...) and its message. */
  e?: string;
  m?: string;
  /** Style id (index into the file's style table). */
  s?: number;
  /** 1 when the value was spilled here by an array formula elsewhere (not an input). */
  sp?: 1;
  /** Implicit display hint of a formula result: d date, dt date-time, t time, p percent, c currency. */
  h?: string;
  /** A1 of the code cell whose output this is. */
  o?: string;
  /**
   * 1 when the formula is kept as the file wrote it but not computed here (a function the engine
   * lacks, syntax it does not read): `v`/`e` hold the value the file cached, the engine sees that
   * value, and the text goes back out on export. Typing a formula into the cell replaces it.
   */
  k?: 1;
  /**
   * The file's own text of a computed formula (without '='), when the engine reads it another way:
   * structured references (Table1[[#This Row],[Units]]) become cells, Excel's explicit @
   * (_xlfn.SINGLE) the implicit kind. Export writes it back while it still reads as `f`
   * (xlsx-export.ts), so a round trip keeps the formula as Excel wrote it.
   */
  x?: string;
  /**
   * Rich text runs of a text value, as the file wrote them; they travel with the cell (sort, insert,
   * copy, move) and go back out on export while their text is still the value, so writing a new
   * value drops them, as in Excel (richRuns).
   */
  r?: TextRun[];
}

export type Cell = Scalar | RichCell | null | undefined;

export function isRich(c: Cell): c is RichCell {
  return typeof c === 'object' && c !== null;
}

export function valueOf(c: Cell): Scalar | null {
  if (c === null || c === undefined) return null;
  if (typeof c === 'object') return c.v ?? null;
  return c;
}

/** The cell's rich text runs while they still spell its value; undefined otherwise. */
export function richRuns(c: Cell): TextRun[] | undefined {
  if (!isRich(c) || !c.r?.length || typeof c.v !== 'string' || c.f !== undefined) return undefined;
  return c.r.map((run) => run.t).join('') === c.v ? c.r : undefined;
}

export function formulaOf(c: Cell): string | undefined {
  return isRich(c) ? c.f : undefined;
}

export function styleOf(c: Cell): number {
  return isRich(c) ? (c.s ?? 0) : 0;
}

/** True when the cell holds something a person would call content (not just a style). */
export function hasContent(c: Cell): boolean {
  if (c === null || c === undefined) return false;
  if (typeof c !== 'object') return true;
  return c.f !== undefined || c.e !== undefined || (c.v !== undefined && c.v !== null) || c.o !== undefined;
}

/**
 * An input (literal or formula) as opposed to a computed spill. An error written as a value (#N/A
 * typed, or a file's cell of type "e" without a formula) is an input too: the engine is given it
 * (toEngineContent), and taking it for a spill made the formula beside it an array formula.
 */
export function isInput(c: Cell): boolean {
  if (c === null || c === undefined) return false;
  if (typeof c !== 'object') return true;
  return c.sp === undefined && (c.f !== undefined || c.e !== undefined || (c.v !== undefined && c.v !== null));
}

/** Builds the most compact cell for a value and style. */
export function makeCell(v: Scalar | null, s = 0): Cell {
  if (s === 0) return v;
  return v === null ? { s } : { v, s };
}

/** Replaces the style of a cell, keeping its content. */
export function withStyle(c: Cell, s: number): Cell {
  if (!isRich(c)) return makeCell(c ?? null, s);
  const out: RichCell = { ...c };
  if (s === 0) delete out.s;
  else out.s = s;
  return compact(out);
}

/** Collapses a rich cell back to a scalar (or null) when nothing else is left. */
export function compact(c: RichCell): Cell {
  const keys = Object.keys(c);
  if (keys.length === 0) return null;
  if (keys.length === 1 && keys[0] === 'v') return c.v ?? null;
  if (keys.length === 1 && keys[0] === 's' && c.s === 0) return null;
  return c;
}
