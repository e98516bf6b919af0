// A worksheet's <autoFilter> (and the <sortState> Excel keeps with it) read into the sheet's
// autofilter and written back. The rows the filter hides are the sheet's own hidden rows, which
// the reader and writer of rows keep.
import type { AreaXlsx, XlsxSheetOut } from '../workbook/area.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { parseRange } from '../a1.ts';
import type { AutoFilterMeta, FilterColumn, FilterCondition, Operator } from './model.ts';

const attr = (attrs: string, name: string) => {
  const v = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
  return v === undefined ? undefined : v.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
};
const yes = (v: string | undefined) => v === '1' || v === 'true';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const FROM_XML: Record<string, Operator> = { equal: 'equal', notEqual: 'not_equal', greaterThan: 'greater_than', greaterThanOrEqual: 'greater_or_equal', lessThan: 'less_than', lessThanOrEqual: 'less_or_equal' };
const TO_XML = Object.fromEntries(Object.entries(FROM_XML).map(([k, v]) => [v, k])) as Record<Operator, string>;

/** One <filterColumn>'s criteria, as data where this service evaluates them, else as written. */
function columnOf(attrs: string, body: string): FilterColumn | undefined {
  const col = Number(attr(attrs, 'colId'));
  if (!Number.isInteger(col) || col < 0) return undefined;
  const show = attr(attrs, 'showButton');
  const base: FilterColumn = { col, ...(yes(attr(attrs, 'hiddenButton')) ? { hidden_button: true } : {}), ...(show !== undefined && !yes(show) ? { show_button: false as const } : {}) };
  const inner = body.trim();
  if (!inner) return base;
  const filters = /^<(?:\w+:)?filters\b([^>]*?)(?:\/>|>([\s\S]*)<\/(?:\w+:)?filters>)$/.exec(inner);
  if (filters && !/<(?:\w+:)?dateGroupItem\b/.test(filters[2] ?? '') && attr(filters[1]!, 'calendarType') === undefined) {
    const values = [...(filters[2] ?? '').matchAll(/<(?:\w+:)?filter\b([^>]*)\/?>/g)].map((m) => attr(m[1]!, 'val') ?? '');
    return { ...base, ...(values.length ? { values } : {}), ...(yes(attr(filters[1]!, 'blank')) ? { blank: true } : {}) };
  }
  const custom = /^<(?:\w+:)?customFilters\b([^>]*)>([\s\S]*)<\/(?:\w+:)?customFilters>$/.exec(inner);
  if (custom) {
    const conditions: FilterCondition[] = [];
    for (const m of custom[2]!.matchAll(/<(?:\w+:)?customFilter\b([^>]*)\/?>/g)) {
      const operator = FROM_XML[attr(m[1]!, 'operator') ?? 'equal'];
      if (!operator) return { ...base, xml: inner };
      conditions.push({ operator, value: attr(m[1]!, 'val') ?? '' });
    }
    return { ...base, conditions, ...(yes(attr(custom[1]!, 'and')) ? { and: true } : {}) };
  }
  const top = /^<(?:\w+:)?top10\b([^>]*)\/>$/.exec(inner);
  if (top) {
    const count = Number(attr(top[1]!, 'val'));
    const found = Number(attr(top[1]!, 'filterVal') ?? NaN);
    if (Number.isFinite(count) && count > 0) return { ...base, top: { count, ...(yes(attr(top[1]!, 'percent')) ? { percent: true } : {}), ...(attr(top[1]!, 'top') !== undefined && !yes(attr(top[1]!, 'top')) ? { bottom: true } : {}), ...(Number.isFinite(found) ? { filter_val: found } : {}) } };
  }
  return { ...base, xml: inner };
}

function read(sheet: SheetModel, part: Parameters<NonNullable<AreaXlsx['read']>>[1], warn: (message: string) => void): void {
  const m = /<(?:\w+:)?autoFilter\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?autoFilter>)/.exec(part.tail);
  if (!m) return;
  const ref = attr(m[1]!, 'ref');
  try {
    if (!ref) throw new Error('no ref');
    parseRange(ref);
  } catch {
    warn(`not kept: the autofilter on ${sheet.name} (its range '${ref ?? ''}' is not a range)`);
    return;
  }
  const body = m[2] ?? '';
  const columns = [...body.matchAll(/<(?:\w+:)?filterColumn\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?filterColumn>)/g)].flatMap((c) => columnOf(c[1]!, c[2] ?? '') ?? []);
  // Excel writes the sort state inside <autoFilter>; older writers beside it.
  const sortState = /<(?:\w+:)?sortState\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?sortState>)/;
  const after = part.tail.slice(m.index + m[0].length).trimStart();
  const sort = sortState.exec(body)?.[0] ?? (after.startsWith('<sortState') || /^<\w+:sortState\b/.test(after) ? sortState.exec(after)?.[0] : undefined);
  const meta: AutoFilterMeta = { range: ref.replace(/\$/g, ''), ...(columns.length ? { columns } : {}), ...(sort ? { sort_xml: sort } : {}) };
  sheet.meta.autofilter = meta;
}

function columnXml(c: FilterColumn): string {
  const head = `<filterColumn colId="${c.col}"${c.hidden_button ? ' hiddenButton="1"' : ''}${c.show_button === false ? ' showButton="0"' : ''}`;
  let inner = '';
  if (c.xml !== undefined) inner = c.xml;
  else if (c.top) inner = `<top10${c.top.bottom ? ' top="0"' : ''}${c.top.percent ? ' percent="1"' : ''} val="${c.top.count}"${c.top.filter_val !== undefined ? ` filterVal="${c.top.filter_val}"` : ''}/>`;
  else if (c.conditions?.length) inner = `<customFilters${c.and ? ' and="1"' : ''}>${c.conditions.map((k) => `<customFilter${k.operator === 'equal' ? '' : ` operator="${TO_XML[k.operator]}"`} val="${esc(k.value)}"/>`).join('')}</customFilters>`;
  else if (c.values || c.blank) inner = `<filters${c.blank ? ' blank="1"' : ''}${c.values?.length ? `>${c.values.map((v) => `<filter val="${esc(v)}"/>`).join('')}</filters>` : '/>'}`;
  return inner ? `${head}>${inner}</filterColumn>` : `${head}/>`;
}

function write(sheet: SheetModel): XlsxSheetOut | undefined {
  const f = sheet.meta.autofilter;
  if (!f) return undefined;
  const inner = (f.columns ?? []).map(columnXml).join('') + (f.sort_xml ?? '');
  return { elements: { autoFilter: inner ? `<autoFilter ref="${f.range}">${inner}</autoFilter>` : `<autoFilter ref="${f.range}"/>` } };
}

export const autofilterXlsx: AreaXlsx = { read, write };
