// Cell styles as CSS rules for the viewer. Every value that reaches CSS is checked against a
// strict pattern first (colours, sizes, font names), so file contents cannot inject styles.
import { shownFill, type Border, type Style } from '../../core/workbook/style.ts';

const COLOR = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;
const FONT = /^[A-Za-z0-9 _-]{1,60}$/;
const LINES: Record<Border['line'], string> = {
  line1: '1px solid', line2: '2px solid', line3: '3px solid', double: '3px double', dotted: '1px dotted', dashed: '1px dashed', hair: '1px dotted',
  medium_dashed: '2px dashed', dash_dot: '1px dashed', medium_dash_dot: '2px dashed', dash_dot_dot: '1px dashed', medium_dash_dot_dot: '2px dashed', slant_dash_dot: '2px dashed',
};

function border(b: Border | undefined): string | undefined {
  if (!b || !LINES[b.line] || !COLOR.test(b.color)) return undefined;
  return `${LINES[b.line]} ${b.color}`;
}

/** CSS declarations for a style; `numeric` right-aligns by default as spreadsheets do. */
export function styleCss(s: Style, numeric: boolean): string {
  const d: string[] = [];
  if (s.bold) d.push('font-weight:700');
  if (s.italic) d.push('font-style:italic');
  const deco = [s.underline && 'underline', s.strikethrough && 'line-through'].filter(Boolean);
  if (deco.length) d.push(`text-decoration:${deco.join(' ')}`);
  const align = s.align ?? (numeric ? 'right' : undefined);
  if (align === 'left' || align === 'center' || align === 'right' || align === 'justify') d.push(`text-align:${align}`);
  else if (align === 'center_continuous') d.push('text-align:center');
  // Indent moves text from its aligned edge: 9 px a level, as the layout model (core/layout/cells.ts) and the PDF.
  const indent = typeof s.indent === 'number' && s.indent > 0 ? Math.min(s.indent, 250) * 9 + 2 : 0;
  if (indent) d.push(align === 'right' ? `padding-right:${indent}px` : `padding-left:${indent}px`);
  if (s.vertical_align === 'top' || s.vertical_align === 'middle' || s.vertical_align === 'bottom') d.push(`vertical-align:${s.vertical_align}`);
  if (s.wrap === 'wrap') d.push('white-space:pre-wrap', 'word-break:break-word');
  else if (s.wrap === 'clip') d.push('overflow:hidden', 'text-overflow:clip');
  if (typeof s.font_size === 'number' && s.font_size >= 1 && s.font_size <= 400) d.push(`font-size:${s.font_size}pt`);
  if (s.font_family && FONT.test(s.font_family)) d.push(`font-family:"${s.font_family}",sans-serif`);
  if (s.text_color && COLOR.test(s.text_color)) d.push(`color:${s.text_color}`);
  const fill = shownFill(s);
  if (fill && COLOR.test(fill)) d.push(`background:${fill}`);
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    const b = border(s[`border_${side}`]);
    if (b) d.push(`border-${side}:${b}`);
  }
  return d.join(';');
}

/**
 * Interns declaration sets as classes so the page needs no style attributes. A class is named by a
 * hash of its declarations, so rows fetched later (each with its own table) name the same style
 * the same way as the page did.
 */
export class ClassTable {
  private readonly ids = new Map<string, string>();

  of(css: string): string {
    if (!css) return '';
    let id = this.ids.get(css);
    if (!id) {
      let h = 0x811c9dc5;
      for (let i = 0; i < css.length; i++) h = Math.imul(h ^ css.charCodeAt(i), 0x01000193);
      id = `k${(h >>> 0).toString(36)}${css.length.toString(36)}`;
      this.ids.set(css, id);
    }
    return id;
  }

  ruleList(): string[] {
    return [...this.ids].map(([css, id]) => `.${id}{${css}}`);
  }

  rules(): string {
    return this.ruleList().join('\n');
  }
}
