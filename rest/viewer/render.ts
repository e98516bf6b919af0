// The viewer page: one sheet of a file as a person sees it — displayed values, formats, merges,
// column widths and row heights, notes on hover, links that open, tabs for the other sheets,
// graphics (charts) from the seams —
// as plain HTML with one nonce'd style block and one nonce'd script that reloads on a new version.
import { indexToCol, splitSheet } from '../../core/a1.ts';
import { linksOf, type Link } from '../../core/links/model.ts';
import { notesOf } from '../../core/notes/model.ts';
import { collectOverlay } from '../../core/workbook/overlays.ts';
import { isRich } from '../../core/workbook/cell.ts';
import { displayCell } from '../../core/workbook/display.ts';
import { mergeRects } from '../../core/workbook/merges.ts';
import { effectiveStyle } from '../../core/workbook/read.ts';
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from '../../core/workbook/sheet-meta.ts';
import type { SheetModel } from '../../core/workbook/sheet.ts';
import { shownFill } from '../../core/workbook/style.ts';
import type { Workbook } from '../../core/workbook/workbook.ts';
import { ClassTable, styleCss } from './css.ts';

/** The most a page shows of one sheet; beyond it the page says how much more there is. */
export const MAX_ROWS = 500;
export const MAX_COLS = 60;
const MIN_ROWS = 30;
const MIN_COLS = 10;
const HEAD_W = 46;
const HEAD_H = 22;

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function size(map: Record<string, number> | undefined, i: number, fallback: number): number {
  const v = map?.[String(i)];
  return typeof v === 'number' && v > 0 && v <= 2000 ? v : fallback;
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
  /** Path of this page (/view/{uuid}); tabs and the version poll hang off it. */
  base: string;
}

export async function renderPage({ wb, sheet, nonce, base }: PageInput): Promise<string> {
  const used = sheet.usedExtent();
  const rows = Math.min(Math.max(used.rows, MIN_ROWS), MAX_ROWS);
  const cols = Math.min(Math.max(used.cols, MIN_COLS), MAX_COLS);
  await wb.load(sheet, { r0: 0, c0: 0, r1: rows - 1, c1: cols - 1 });
  const classes = new ClassTable();
  const overlay = await collectOverlay(wb, sheet, { r0: 0, c0: 0, r1: rows - 1, c1: cols - 1 });
  const { anchors, covered } = mergesOf(sheet);
  const meta = sheet.meta;
  const colW = (c: number) => size(meta.col_widths, c, meta.default_col_width ?? DEFAULT_COL_WIDTH);
  const rowH = (r: number) => size(meta.row_heights, r, meta.default_row_height ?? DEFAULT_ROW_HEIGHT);

  // Frozen panes stay in view as in a spreadsheet: their cells are sticky at their own offsets.
  const frozenRows = Math.min(meta.frozen?.rows ?? 0, rows), frozenCols = Math.min(meta.frozen?.cols ?? 0, cols);
  const tops: number[] = [], lefts: number[] = [];
  for (let r = 0, y = HEAD_H; r < frozenRows; y += rowH(r), r++) tops.push(y);
  for (let c = 0, x = HEAD_W; c < frozenCols; x += colW(c), c++) lefts.push(x);
  const sticky = (r: number, c: number, fill: boolean) => {
    if (r >= frozenRows && c >= frozenCols) return '';
    const at = [r < frozenRows ? `top:${tops[r]}px` : '', c < frozenCols ? `left:${lefts[c]}px` : ''].filter(Boolean).join(';');
    return `;position:sticky;${at};z-index:${r < frozenRows && c < frozenCols ? 3 : 2}${fill ? '' : ';background:#fff'}`;
  };

  // Notes show on hover with Excel's red corner; links open (web and mail addresses in a new tab,
  // places in the workbook on their sheet's page).
  const notes = new Map(notesOf(sheet).map(([at, note]) => [`${at.row},${at.col}`, note.text]));
  const links = new Map(linksOf(sheet).map(([at, link]) => [`${at.row},${at.col}`, hrefOf(wb, base, link)]));

  const body: string[] = [];
  for (let r = 0; r < rows; r++) {
    const rowHead = r < frozenRows ? `;top:${tops[r]}px;z-index:4` : '';
    const cells: string[] = [`<th class="${classes.of(`height:${rowH(r)}px${rowHead}`)}">${r + 1}</th>`];
    for (let c = 0; c < cols; c++) {
      const key = `${r},${c}`;
      if (covered.has(key)) continue;
      const cell = sheet.get(r, c);
      let style = effectiveStyle(sheet, wb.styles, r, c, cell);
      const patch = overlay?.(r, c);
      if (patch) style = { ...style, ...patch };
      const value = isRich(cell) ? cell.v : cell;
      const numeric = typeof value === 'number' || (isRich(cell) && cell.e !== undefined);
      const text = cell === null || cell === undefined ? '' : displayCell(cell, style);
      const span = anchors.get(key);
      const attrs = [span && span.rows > 1 ? ` rowspan="${span.rows}"` : '', span && span.cols > 1 ? ` colspan="${span.cols}"` : ''].join('');
      const cls = [classes.of(styleCss(style, numeric) + sticky(r, c, !!shownFill(style))), notes.has(key) ? 'note' : ''].filter(Boolean).join(' ');
      const note = notes.get(key);
      const href = links.get(key);
      const shown = href ? `<a href="${esc(href.url)}"${href.external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${esc(text)}</a>` : esc(text);
      cells.push(`<td data-cell="${indexToCol(c)}${r + 1}"${cls ? ` class="${cls}"` : ''}${note !== undefined ? ` title="${esc(note)}"` : ''}${attrs}>${shown}</td>`);
    }
    body.push(`<tr>${cells.join('')}</tr>`);
  }
  const colgroup = [`<col class="${classes.of(`width:${HEAD_W}px`)}">`, ...Array.from({ length: cols }, (_, c) => `<col class="${classes.of(`width:${colW(c)}px`)}">`)].join('');
  let tableWidth = HEAD_W;
  for (let c = 0; c < cols; c++) tableWidth += colW(c);
  const tableClass = classes.of(`width:${tableWidth}px`);
  const head = `<tr><th></th>${Array.from({ length: cols }, (_, c) => `<th>${indexToCol(c)}</th>`).join('')}</tr>`;

  const graphics: string[] = [];
  for (const area of wb.areas) {
    for (const g of (await area.graphics?.(wb, sheet)) ?? []) {
      let left = HEAD_W, top = HEAD_H;
      for (let c = 0; c < Math.min(g.col, cols); c++) left += colW(c);
      for (let r = 0; r < Math.min(g.row, rows); r++) top += rowH(r);
      const cls = classes.of(`left:${left}px;top:${top}px;width:${Math.round(g.width)}px;height:${Math.round(g.height)}px`);
      graphics.push(`<figure class="graphic ${cls}"${g.title ? ` aria-label="${esc(g.title)}"` : ''}>${g.svg}</figure>`);
    }
  }

  // Hidden sheets have no tab (a link to one still shows it); a tab colour underlines its tab.
  const tabColor = (s: typeof sheet) => (s.meta.tab_color && /^#[0-9A-Fa-f]{6}/.test(s.meta.tab_color) ? ` class="${classes.of(`box-shadow:inset 0 -3px ${s.meta.tab_color.slice(0, 7)}`)}"` : '');
  const tabs = wb.sheets
    .filter((s) => !s.meta.visibility || s === sheet)
    .map((s) => `<a href="${esc(`${base}?sheet=${encodeURIComponent(s.name)}`)}"${s === sheet ? ' aria-current="page"' : ''}${tabColor(s)}>${esc(s.name)}</a>`)
    .join('');
  const cut = used.rows > rows || used.cols > cols ? `<p class="cut">Showing ${rows} of ${used.rows} rows and ${cols} of ${used.cols} columns.</p>` : '';
  const title = `${wb.file.name} — ${sheet.name}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title>
<style nonce="${nonce}">
body{margin:0;font:13px/1.3 Arial,"DejaVu Sans",sans-serif;color:#202124;background:#fff;display:flex;flex-direction:column;height:100vh}
header{display:flex;gap:16px;align-items:baseline;padding:8px 12px;border-bottom:1px solid #dadce0}
header h1{font-size:16px;margin:0}header .v{color:#5f6368}
nav{display:flex;gap:2px;padding:4px 12px;background:#f1f3f4;border-bottom:1px solid #dadce0}
nav a{padding:4px 10px;color:#202124;text-decoration:none;border-radius:4px 4px 0 0}
nav a[aria-current]{background:#fff;font-weight:700;color:#188038}
main{position:relative;overflow:auto;flex:1;min-height:0}
table{border-collapse:collapse;table-layout:fixed}
td,th{box-sizing:border-box;border:1px solid var(--grid,#e2e3e3);padding:0 3px;vertical-align:bottom;white-space:nowrap;overflow:hidden;height:${DEFAULT_ROW_HEIGHT}px}
th{background:#f8f9fa;color:#5f6368;font-weight:400;text-align:center;vertical-align:middle;position:sticky;top:0}
tr th:first-child{position:sticky;left:0;z-index:1}
.graphic{position:absolute;margin:0;background:#fff;border:1px solid #dadce0}
.graphic svg{width:100%;height:100%}
.cut{padding:4px 12px;color:#5f6368}
main.nogrid td{--grid:transparent}
td.note{background-image:linear-gradient(225deg,#d93025 5px,transparent 5px)}
td a{color:inherit;text-decoration:inherit}
${classes.rules()}
</style></head>
<body data-version="${wb.version}">
<header><h1>${esc(wb.file.name)}</h1><span class="v">version <b id="version">${wb.version}</b> · read-only · updates live</span></header>
<nav>${tabs}</nav>
<main${sheet.meta.show_gridlines === false ? ' class="nogrid"' : ''}><table class="${tableClass}"><colgroup>${colgroup}</colgroup><thead>${head}</thead><tbody>${body.join('\n')}</tbody></table>${graphics.join('')}</main>
${cut}
<script nonce="${nonce}">
(() => {
  const shown = Number(document.body.dataset.version);
  const poll = async () => {
    try {
      const res = await fetch(${JSON.stringify(`${base}/version`)}, { credentials: 'same-origin', cache: 'no-store' });
      if (res.ok && (await res.json()).version !== shown) return location.reload();
    } catch {}
    setTimeout(poll, 1000);
  };
  setTimeout(poll, 1000);
})();
</script>
</body></html>`;
}
