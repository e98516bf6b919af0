// The viewer page: one sheet of a file as a person sees it — displayed values, formats, merges,
// column widths and row heights (hidden ones not drawn), notes on hover, links that open, tabs for
// the other sheets, graphics (charts) from the seams — as plain HTML with one nonce'd style block
// and one nonce'd script that reloads on a new version. Texts are placed by the layout model the
// PDF uses (core/layout/cells.ts): overflow into empty neighbours, `####`, wrap, indent, in the same
// fonts (served from /view/fonts/). Rows are windowed: the page holds the first WINDOW rows and a
// spacer for the rest; the script fetches the rows around where the sheet is scrolled
// (GET /view/{file}/rows), so a 100k-row sheet opens as fast as a small one.
import { indexToCol, splitSheet } from '../../core/a1.ts';
import { linksOf, type Link } from '../../core/links/model.ts';
import { notesOf } from '../../core/notes/model.ts';
import { collectDecorations, collectOverlay, collectUnderlay, underCell, type CellDecoration } from '../../core/workbook/overlays.ts';
import { iconSvg } from '../../core/rules/icons.ts';
import { hasContent, isRich } from '../../core/workbook/cell.ts';
import { placeText, textCell, type RowContext } from '../../core/layout/cells.ts';
import { fittedRowHeight } from '../../core/layout/rows.ts';
import { CSS_FAMILY, type Family } from '../../core/layout/fonts.ts';
import { mergeRects } from '../../core/workbook/merges.ts';
import { effectiveStyle } from '../../core/workbook/read.ts';
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from '../../core/workbook/sheet-meta.ts';
import type { SheetModel } from '../../core/workbook/sheet.ts';
import { shownFill } from '../../core/workbook/style.ts';
import type { Workbook } from '../../core/workbook/workbook.ts';
import { ClassTable, styleCss } from './css.ts';

/** The most columns a page shows of one sheet; beyond them the page says how many more there are. */
export const MAX_COLS = 60;
/** Rows rendered at a time: the first window comes with the page, others as the sheet scrolls. */
export const WINDOW = 200;
/** Rows a sheet may have in the viewer (Excel's limit). */
const MAX_ROWS = 1_048_576;
const MIN_ROWS = 30;
const MIN_COLS = 10;
const HEAD_W = 46;
const HEAD_H = 22;

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function size(map: Record<string, number> | undefined, i: number, fallback: number): number {
  const v = map?.[String(i)];
  return typeof v === 'number' && v >= 0 && v <= 2000 ? v : fallback; // 0: hidden
}

interface Span {
  rows: number;
  cols: number;
}

function mergesOf(sheet: SheetModel): { anchors: Map<string, Span>; covered: Set<string> } {
  const anchors = new Map<string, Span>();
  const covered = new Set<string>();
  for (const r of mergeRects(sheet)) {
    anchors.set(`${r.r0},${r.c0}`, { rows: r.r1 - r.r0 + 1, cols: r.c1 - r.c0 + 1 });
    for (let i = r.r0; i <= r.r1; i++) for (let j = r.c0; j <= r.c1; j++) if (i !== r.r0 || j !== r.c0) covered.add(`${i},${j}`);
  }
  return { anchors, covered };
}

/**
 * Where a cell's link goes: a web or mail address as it is (only http, https and mailto: a link
 * in a file is not trusted to run script), a place in the workbook to its sheet's page.
 */
function hrefOf(wb: Workbook, base: string, link: Link): { url: string; external: boolean } | undefined {
  if (link.url) return /^(https?:|mailto:)/i.test(link.url) ? { url: link.url, external: true } : undefined;
  if (!link.location) return undefined;
  let sheetName: string | undefined;
  try {
    sheetName = splitSheet(link.location).sheet;
  } catch {
    return undefined;
  }
  const target = sheetName === undefined ? undefined : wb.findSheet(sheetName);
  return target ? { url: `${base}?sheet=${encodeURIComponent(target.name)}`, external: false } : undefined;
}

export interface PageInput {
  wb: Workbook;
  sheet: SheetModel;
  nonce: string;
  /** Path of this page (/view/{uuid}); tabs, rows and the version poll hang off it. */
  base: string;
}

/** What the rows of one sheet need, computed once per page or window. */
interface SheetView {
  wb: Workbook;
  sheet: SheetModel;
  base: string;
  rows: number;
  cols: number;
  colW(c: number): number;
  rowH(r: number): number;
  frozenRows: number;
  frozenCols: number;
  tops: number[];
  lefts: number[];
  merges: ReturnType<typeof mergesOf>;
  notes: Map<string, string>;
  links: Map<string, { url: string; external: boolean } | undefined>;
  classes: ClassTable;
}

function sheetView(wb: Workbook, sheet: SheetModel, base: string, classes: ClassTable): SheetView {
  const used = sheet.usedExtent();
  const rows = Math.min(Math.max(used.rows, MIN_ROWS), MAX_ROWS);
  const cols = Math.min(Math.max(used.cols, MIN_COLS), MAX_COLS);
  const meta = sheet.meta;
  const colW = (c: number) => size(meta.col_widths, c, meta.default_col_width ?? DEFAULT_COL_WIDTH);
  const rowH = (r: number) => size(meta.row_heights, r, meta.default_row_height ?? DEFAULT_ROW_HEIGHT);
  // Frozen panes stay in view as in a spreadsheet: their cells are sticky at their own offsets.
  const frozenRows = Math.min(meta.frozen?.rows ?? 0, rows), frozenCols = Math.min(meta.frozen?.cols ?? 0, cols);
  const tops: number[] = [], lefts: number[] = [];
  for (let r = 0, y = HEAD_H; r < frozenRows; y += rowH(r), r++) tops.push(y);
  for (let c = 0, x = HEAD_W; c < frozenCols; x += colW(c), c++) lefts.push(x);
  // Notes show on hover with Excel's red corner; links open (web and mail addresses in a new tab,
  // places in the workbook on their sheet's page).
  const notes = new Map(notesOf(sheet).map(([at, note]) => [`${at.row},${at.col}`, note.text]));
  const links = new Map(linksOf(sheet).map(([at, link]) => [`${at.row},${at.col}`, hrefOf(wb, base, link)]));
  return { wb, sheet, base, rows, cols, colW, rowH, frozenRows, frozenCols, tops, lefts, merges: mergesOf(sheet), notes, links, classes };
}

/** The `<tr>`s of rows from..to-1 (loaded and laid out here). */
async function renderRows(v: SheetView, from: number, to: number): Promise<string[]> {
  const { wb, sheet, cols, classes, merges } = v;
  if (to <= from) return [];
  const rect = { r0: from, c0: 0, r1: to - 1, c1: cols - 1 };
  await wb.load(sheet, rect);
  const underlay = await collectUnderlay(wb, sheet, rect);
  const overlay = await collectOverlay(wb, sheet, rect);
  const decorations = await collectDecorations(wb, sheet, rect);
  const sticky = (r: number, c: number, fill: boolean) => {
    if (r >= v.frozenRows && c >= v.frozenCols) return '';
    const at = [r < v.frozenRows ? `top:${v.tops[r]}px` : '', c < v.frozenCols ? `left:${v.lefts[c]}px` : ''].filter(Boolean).join(';');
    return `;position:sticky;${at};z-index:${r < v.frozenRows && c < v.frozenCols ? 3 : 2}${fill ? '' : ';background:#fff'}`;
  };
  const body: string[] = [];
  for (let r = from; r < to; r++) {
    const set = sheet.meta.row_heights?.[String(r)] !== undefined;
    const h = set ? v.rowH(r) : (fittedRowHeight(sheet, wb.styles, r, 0, cols - 1, v.colW, (c) => merges.covered.has(`${r},${c}`) || merges.anchors.has(`${r},${c}`)) ?? v.rowH(r));
    if (h === 0) continue; // a hidden row: not drawn (its height in the script's offsets is 0)
    const rowHead = r < v.frozenRows ? `;top:${v.tops[r]}px;z-index:4` : '';
    const cells: string[] = [`<th class="${classes.of(`height:${h}px${rowHead}`)}">${r + 1}</th>`];
    const blocked = (c: number) => hasContent(sheet.get(r, c)) || merges.covered.has(`${r},${c}`) || merges.anchors.has(`${r},${c}`);
    const ctx: RowContext = { width: v.colW, blocked, first: 0, last: cols - 1 };
    // Columns an overflowing text crosses: their inner gridlines are not drawn (as in Excel).
    const open = new Set<number>();
    const placed = new Map<number, ReturnType<typeof placeText>>();
    // The style a person sees in each cell (its table's style under its own, row or column style,
    // rules on top), once per cell.
    const styles = Array.from({ length: cols }, (_, c) => {
      const style = underCell(effectiveStyle(sheet, wb.styles, r, c), underlay?.(r, c));
      const patch = overlay?.(r, c);
      return patch ? { ...style, ...patch } : style;
    });
    for (let c = 0; c < cols; c++) {
      const cell = sheet.get(r, c);
      if (!hasContent(cell) || merges.covered.has(`${r},${c}`)) continue;
      const style = styles[c]!;
      const span = merges.anchors.get(`${r},${c}`);
      const tc = textCell(cell, style, sheet.meta);
      if (decorations?.(r, c)?.hideValue) tc.text = '';
      const p = placeText(tc, c, ctx, span ? { c1: c + span.cols - 1 } : undefined);
      placed.set(c, p);
      if (!span) for (let i = p.c0; i < p.c1; i++) open.add(i);
    }
    for (let c = 0; c < cols; c++) {
      const key = `${r},${c}`;
      if (merges.covered.has(key)) continue;
      const cell = sheet.get(r, c);
      const style = styles[c]!;
      const value = isRich(cell) ? cell.v : cell;
      const numeric = typeof value === 'number' || (isRich(cell) && cell.e !== undefined);
      const p = placed.get(c);
      const span = merges.anchors.get(key);
      const attrs = [span && span.rows > 1 ? ` rowspan="${span.rows}"` : '', span && span.cols > 1 ? ` colspan="${span.cols}"` : ''].join('');
      let css = styleCss(style, numeric) + sticky(r, c, !!shownFill(style));
      if (open.has(c) && !style.border_right) css += ';border-right-color:transparent';
      if (v.colW(c) === 0) css += ';visibility:hidden;padding:0;border:0';
      const note = v.notes.get(key);
      const cls = [classes.of(css), note !== undefined ? 'note' : ''].filter(Boolean).join(' ');
      let shown = '';
      if (p) {
        const text = esc(p.text);
        const href = v.links.get(key);
        const inner = href ? `<a href="${esc(href.url)}"${href.external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${text}</a>` : text;
        // Text that flows out of its cell is placed over its neighbours; the rest sits in the cell.
        if (!p.lines && (p.c0 !== c || p.c1 !== c) && !span) {
          let before = 0;
          for (let i = p.c0; i < c; i++) before += v.colW(i);
          shown = `<span class="flow ${classes.of(`left:${Math.round(p.x - before)}px;width:${Math.ceil(p.width) + 1}px`)}">${inner}</span>`;
        } else shown = inner;
        // A row whose height was set keeps it: wrapped text is cut at its foot, as in Excel.
        if (p.lines && set && !span) shown = `<div class="${classes.of(`max-height:${Math.max(h - 1, 0)}px;overflow:hidden`)}">${shown}</div>`;
        // Rotated text turns about its cell's centre (255: letters stacked), as the PDF draws it.
        const rot = style.text_rotation;
        if (rot && shown) shown = rot === 255 ? `<span class="stack">${shown}</span>` : `<span class="rot ${classes.of(`transform:rotate(${rot <= 90 ? -rot : rot - 90}deg)`)}">${shown}</span>`;
        const deco = decorations?.(r, c);
        if (deco) shown = decorationHtml(deco, classes) + (shown ? `<span class="v">${shown}</span>` : '');
      }
      cells.push(`<td data-cell="${indexToCol(c)}${r + 1}"${cls ? ` class="${cls}"` : ''}${note !== undefined ? ` title="${esc(note)}"` : ''}${attrs}>${shown}</td>`);
    }
    body.push(`<tr>${cells.join('')}</tr>`);
  }
  return body;
}

/** A data bar behind the text and an icon at the left (conditional formats), as the PDF draws them. */
function decorationHtml(d: CellDecoration, classes: ClassTable): string {
  let out = '';
  const hex = (c: string) => (/^#[0-9A-Fa-f]{6}/.test(c) ? c.slice(0, 7) : '#638EC6');
  if (d.bar) {
    const fill = d.bar.gradient ? `background:linear-gradient(90deg,${hex(d.bar.color)},#fff)` : `background:${hex(d.bar.color)}`;
    const border = d.bar.border ? `;border:1px solid ${hex(d.bar.border)}` : '';
    out += `<span class="bar ${classes.of(`left:calc(2px + ${(d.bar.from * 100).toFixed(2)}% - ${(d.bar.from * 4).toFixed(2)}px);width:calc(${((d.bar.to - d.bar.from) * 100).toFixed(2)}% - ${((d.bar.to - d.bar.from) * 4).toFixed(2)}px);${fill}${border}`)}"></span>`;
  }
  if (d.icon) out += iconSvg(d.icon, 16);
  return out;
}

/** Rows from..to-1 of a sheet for the page's script: their HTML and the style rules they use. */
export async function renderWindow(wb: Workbook, sheet: SheetModel, base: string, from: number, to: number): Promise<{ from: number; to: number; html: string; rules: string[] }> {
  const classes = new ClassTable();
  const v = sheetView(wb, sheet, base, classes);
  const start = Math.max(v.frozenRows, Math.min(from, v.rows)), end = Math.min(to, v.rows, start + WINDOW);
  const html = (await renderRows(v, start, end)).join('\n');
  return { from: start, to: Math.max(start, end), html, rules: classes.ruleList() };
}

/** A sheet drawn without its page: the table (head, frozen rows, the first row window) and its graphics. */
export interface SheetBody {
  /** The table and the graphics over it, to go in a positioned `<main>`. */
  html: string;
  /** Style rules of the cells' classes. */
  rules: string;
  /** Rows drawn (the first window), rows of the sheet as drawn, and columns drawn and used. */
  firstEnd: number;
  rows: number;
  cols: number;
  usedCols: number;
  frozen: number;
  heights: Record<string, number>;
  classes: ClassTable;
}

/** What the viewer page and the MCP App (mcp/app.ts) both draw of a sheet, from the layout model. */
export async function renderSheetBody(wb: Workbook, sheet: SheetModel, base: string, classes = new ClassTable()): Promise<SheetBody> {
  const v = sheetView(wb, sheet, base, classes);
  const { rows, cols, colW, rowH } = v;
  const used = sheet.usedExtent();
  // Frozen rows stay in the head with the column letters; the body's first window follows.
  const frozen = await renderRows(v, 0, v.frozenRows);
  const firstEnd = Math.min(rows, v.frozenRows + WINDOW);
  const body = await renderRows(v, v.frozenRows, firstEnd);
  const heights: Record<string, number> = {};
  for (const k of Object.keys(sheet.meta.row_heights ?? {})) if (Number(k) < rows) heights[k] = size(sheet.meta.row_heights, Number(k), 0);
  const colgroup = [`<col class="${classes.of(`width:${HEAD_W}px`)}">`, ...Array.from({ length: cols }, (_, c) => `<col class="${classes.of(`width:${colW(c)}px`)}">`)].join('');
  let tableWidth = HEAD_W;
  for (let c = 0; c < cols; c++) tableWidth += colW(c);
  const tableClass = classes.of(`width:${tableWidth}px`);
  const head = `<tr><th></th>${Array.from({ length: cols }, (_, c) => `<th${colW(c) === 0 ? ' class="' + classes.of('visibility:hidden') + '"' : ''}>${indexToCol(c)}</th>`).join('')}</tr>`;

  const graphics: string[] = [];
  for (const area of wb.areas) {
    for (const g of (await area.graphics?.(wb, sheet)) ?? []) {
      let left = HEAD_W + (g.dx ?? 0), top = HEAD_H + (g.dy ?? 0);
      for (let c = 0; c < Math.min(g.col, cols); c++) left += colW(c);
      for (let r = 0; r < Math.min(g.row, rows); r++) top += rowH(r);
      const cls = classes.of(`left:${Math.round(left)}px;top:${Math.round(top)}px;width:${Math.round(g.width)}px;height:${Math.round(g.height)}px`);
      graphics.push(`<figure class="graphic${g.plain ? ' plain' : ''} ${cls}"${g.title ? ` aria-label="${esc(g.title)}"` : ''}>${g.svg}</figure>`);
    }
  }

  const html = `<table class="${tableClass}"><colgroup>${colgroup}</colgroup><thead>${head}${frozen.join('')}</thead><tbody><tr class="spacer" id="above"><td colspan="${cols + 1}"></td></tr>${body.join('\n')}<tr class="spacer" id="below"><td colspan="${cols + 1}"></td></tr></tbody></table>${graphics.join('')}`;
  return { html, rules: classes.rules(), firstEnd, rows, cols, usedCols: used.cols, frozen: v.frozenRows, heights, classes };
}

/** Style of the drawn sheet (its table, cells and graphics), shared by the viewer page and the MCP App. */
export const SHEET_CSS = `table{border-collapse:collapse;table-layout:fixed}
td,th{box-sizing:border-box;border:1px solid var(--grid,#e2e3e3);padding:0 2px;vertical-align:bottom;white-space:nowrap;overflow:hidden}
thead tr:first-child th{height:${HEAD_H}px}
td{position:relative}
td .flow{position:absolute;bottom:0;white-space:pre;z-index:1;pointer-events:auto}
td:has(.flow){overflow:visible}
th{background:#f8f9fa;color:#5f6368;font:12px "DejaVu Sans",sans-serif;text-align:center;vertical-align:middle;position:sticky;top:0;z-index:4}
tr th:first-child{position:sticky;left:0;z-index:1}
thead tr:first-child th{z-index:5}
tr.spacer td,tr.spacer th{border:0;padding:0;height:auto}
.graphic{position:absolute;margin:0;background:#fff;border:1px solid #dadce0}
.graphic svg{width:100%;height:100%}
.graphic.plain{border:0;background:none}
main.nogrid td{--grid:transparent}
td.note{background-image:linear-gradient(225deg,#d93025 5px,transparent 5px)}
td a{color:inherit;text-decoration:inherit}
td .bar{position:absolute;top:2px;bottom:2px;box-sizing:border-box}
td .v{position:relative}
td .rot{display:inline-block;transform-origin:center}
td .stack{display:inline-block;writing-mode:vertical-lr;text-orientation:upright}
td svg.icon{position:absolute;left:2px;bottom:2px}`;

export async function renderPage({ wb, sheet, nonce, base }: PageInput): Promise<string> {
  const classes = new ClassTable();
  const { html, firstEnd, rows, cols, usedCols, frozen, heights } = await renderSheetBody(wb, sheet, base, classes);

  // Hidden sheets have no tab (a link to one still shows it); a tab colour underlines its tab.
  const tabColor = (s: typeof sheet) => (s.meta.tab_color && /^#[0-9A-Fa-f]{6}/.test(s.meta.tab_color) ? ` class="${classes.of(`box-shadow:inset 0 -3px ${s.meta.tab_color.slice(0, 7)}`)}"` : '');
  const tabs = wb.sheets
    .filter((s) => !s.meta.visibility || s === sheet)
    .map((s) => `<a href="${esc(`${base}?sheet=${encodeURIComponent(s.name)}`)}"${s === sheet ? ' aria-current="page"' : ''}${tabColor(s)}>${esc(s.name)}</a>`)
    .join('');
  const cut = usedCols > cols ? `<p class="cut">Showing ${cols} of ${usedCols} columns.</p>` : '';
  const title = `${wb.file.name} — ${sheet.name}`;
  // What the script needs to place row windows: the row count, heights, and where rows come from.
  const layout = { rows, frozen, first: firstEnd, window: WINDOW, rowHeight: sheet.meta.default_row_height ?? DEFAULT_ROW_HEIGHT, heights, src: `${base}/rows?sheet=${encodeURIComponent(sheet.name)}` };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title>
<style nonce="${nonce}">
${fontFaces()}
body{margin:0;font:14.67px/1.22 Carlito,"DejaVu Sans",sans-serif;color:#202124;background:#fff;display:flex;flex-direction:column;height:100vh}
header{display:flex;gap:16px;align-items:baseline;padding:8px 12px;border-bottom:1px solid #dadce0;font-family:"DejaVu Sans",sans-serif;font-size:13px}
header h1{font-size:16px;margin:0}header .v{color:#5f6368}
nav{display:flex;gap:2px;padding:4px 12px;background:#f1f3f4;border-bottom:1px solid #dadce0;font:13px "DejaVu Sans",sans-serif}
nav a{padding:4px 10px;color:#202124;text-decoration:none;border-radius:4px 4px 0 0}
nav a[aria-current]{background:#fff;font-weight:700;color:#188038}
main{position:relative;overflow:auto;flex:1;min-height:0}
${SHEET_CSS}
.cut{padding:4px 12px;color:#5f6368;font:13px "DejaVu Sans",sans-serif}
${classes.rules()}
</style></head>
<body data-version="${wb.version}">
<header><h1>${esc(wb.file.name)}</h1><span class="v">version <b id="version">${wb.version}</b> · read-only · updates live</span></header>
<nav>${tabs}</nav>
<main${sheet.meta.show_gridlines === false ? ' class="nogrid"' : ''}>${html}</main>
${cut}
<script nonce="${nonce}" id="layout" type="application/json">${JSON.stringify(layout).replace(/</g, '\\u003c')}</script>
<script nonce="${nonce}">
${WINDOW_SCRIPT}
(() => {
  // A new version reloads the page where the person was: the scroll position survives the reload
  // (and the row window follows it).
  const shown = Number(document.body.dataset.version), main = document.querySelector('main');
  const key = 'sheets-scroll:' + location.pathname + location.search;
  try {
    const at = JSON.parse(sessionStorage.getItem(key) || 'null');
    sessionStorage.removeItem(key);
    if (Array.isArray(at)) main.scrollTo(at[0], at[1]);
  } catch {}
  const poll = async () => {
    try {
      const res = await fetch(${JSON.stringify(`${base}/version`)}, { credentials: 'same-origin', cache: 'no-store' });
      if (res.ok && (await res.json()).version !== shown) {
        try { sessionStorage.setItem(key, JSON.stringify([main.scrollLeft, main.scrollTop])); } catch {}
        return location.reload();
      }
    } catch {}
    setTimeout(poll, 1000);
  };
  setTimeout(poll, 1000);
})();
</script>
</body></html>`;
}

/** @font-face rules for the faces cells are measured with (core/layout/fonts.ts), served by the viewer. */
function fontFaces(): string {
  const out: string[] = [];
  for (const family of Object.keys(CSS_FAMILY) as Family[]) {
    for (const [variant, weight, style] of [['r', 400, 'normal'], ['b', 700, 'normal'], ['i', 400, 'italic'], ['bi', 700, 'italic']] as const) {
      out.push(`@font-face{font-family:"${CSS_FAMILY[family]}";src:url("/view/fonts/${family}-${variant}.ttf") format("truetype");font-weight:${weight};font-style:${style};font-display:block}`);
    }
  }
  return out.join('\n');
}

/**
 * The row window: the body holds rows first..last between two spacers whose heights stand for the
 * rows not loaded; scrolling past the loaded rows fetches the window around the new position and
 * swaps it in (its style rules are added to the page's style sheet).
 */
const WINDOW_SCRIPT = `(() => {
  const L = JSON.parse(document.getElementById('layout').textContent);
  if (L.rows <= L.first) return;
  const main = document.querySelector('main'), above = document.getElementById('above'), below = document.getElementById('below');
  const sheet = document.querySelector('style').sheet, known = new Set();
  const height = (r) => (L.heights[r] ?? L.rowHeight);
  const top = new Float64Array(L.rows + 1);
  for (let r = 0; r < L.rows; r++) top[r + 1] = top[r] + height(r);
  let from = L.frozen, to = L.first, busy = false, want = -1;
  const place = () => {
    above.firstChild.style.height = (top[from] - top[L.frozen]) + 'px';
    below.firstChild.style.height = (top[L.rows] - top[to]) + 'px';
    above.style.display = from > L.frozen ? '' : 'none';
    below.style.display = to < L.rows ? '' : 'none';
  };
  place();
  const rowAt = (y) => { let lo = 0, hi = L.rows; while (lo < hi) { const m = (lo + hi + 1) >> 1; if (top[m] <= y) lo = m; else hi = m - 1; } return lo; };
  const load = async (start) => {
    if (busy) { want = start; return; }
    busy = true;
    try {
      const res = await fetch(L.src + '&from=' + start + '&to=' + (start + L.window), { credentials: 'same-origin', cache: 'no-store' });
      if (!res.ok) return;
      const w = await res.json();
      for (const rule of w.rules) if (!known.has(rule)) { known.add(rule); try { sheet.insertRule(rule, sheet.cssRules.length); } catch {} }
      let n = above.nextElementSibling;
      while (n && n !== below) { const next = n.nextElementSibling; n.remove(); n = next; }
      below.insertAdjacentHTML('beforebegin', w.html);
      from = w.from; to = w.to;
      place();
    } finally {
      busy = false;
      if (want >= 0) { const s = want; want = -1; load(s); }
    }
  };
  main.addEventListener('scroll', () => {
    const first = rowAt(main.scrollTop), last = rowAt(main.scrollTop + main.clientHeight);
    if (first >= from && last < to) return;
    load(Math.max(L.frozen, first - (L.window >> 2)));
  }, { passive: true });
})();`;
