// Cell styles: the format fields of spec §2 plus borders. Styles are interned per file (StyleTable)
// and cells carry the index, so a formatted million-row column costs one small object.

export interface Border {
  line: 'line1' | 'line2' | 'line3' | 'double' | 'dotted' | 'dashed';
  /** #RRGGBB or #RRGGBBAA */
  color: string;
}

export interface Style {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  align?: 'left' | 'center' | 'right';
  vertical_align?: 'top' | 'middle' | 'bottom';
  wrap?: 'overflow' | 'wrap' | 'clip';
  font_size?: number;
  font_family?: string;
  text_color?: string;
  fill_color?: string;
  number_format?: 'number' | 'currency' | 'percent' | 'exponential' | 'text' | 'accounting' | 'date' | 'time' | 'datetime';
  decimals?: number;
  currency_symbol?: string;
  numeric_commas?: boolean;
  negative?: 'minus' | 'minus_red' | 'red' | 'parentheses' | 'parentheses_red';
  date_time?: string;
  /** A raw spreadsheet number-format code, kept from imported files when no field above expresses it. */
  format_code?: string;
  border_top?: Border;
  border_bottom?: Border;
  border_left?: Border;
  border_right?: Border;
}

function canonical(style: Style): string {
  const keys = Object.keys(style).sort() as (keyof Style)[];
  return JSON.stringify(keys.filter((k) => style[k] !== undefined).map((k) => [k, style[k]]));
}

/** Interned styles of one file. Id 0 is the empty style. */
export class StyleTable {
  private list: Style[];
  private ids = new Map<string, number>();
  dirty = false;

  constructor(list: unknown[] = []) {
    this.list = list.length ? (list as Style[]) : [{}];
    this.list.forEach((s, i) => {
      const key = canonical(s);
      if (!this.ids.has(key)) this.ids.set(key, i);
    });
  }

  get(id: number): Style {
    return this.list[id] ?? {};
  }

  intern(style: Style): number {
    const key = canonical(style);
    const found = this.ids.get(key);
    if (found !== undefined) return found;
    const clean = Object.fromEntries(Object.entries(style).filter(([, v]) => v !== undefined)) as Style;
    this.list.push(clean);
    const id = this.list.length - 1;
    this.ids.set(key, id);
    this.dirty = true;
    return id;
  }

  /** Applies a patch to the style with this id and returns the id of the result. */
  patch(id: number, patch: Partial<Style>): number {
    return this.intern({ ...this.get(id), ...patch });
  }

  toJSON(): Style[] {
    return this.list;
  }
}
