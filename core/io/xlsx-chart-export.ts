// Charts written into an xlsx export as Excel's own charts (DrawingML chart parts), so Excel and
// LibreOffice draw them from the cells: each chart part's series reference the chart's cells
// (names from its header row, categories from its label column) with their current values cached,
// as Excel writes them, and a graphic frame anchors it in the sheet's drawing (xlsx-parts.ts adds
// both to the archive). Secondary axes, trend lines and value labels are not written.
import { indexToCol } from '../a1.ts';
import type { ChartSpec, Mark } from '../charts/model.ts';
import { categoryColumn, type ResolvedChart } from '../charts/resolve.ts';
import type { SheetModel } from '../workbook/sheet.ts';

export const NS_C = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
export const NS_A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
export const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** Excel's default palette for series (Office theme accents). */
const COLORS = ['4472C4', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47', '264478', '9E480E', '636363', '997300'];

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const quoteSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;
const ref = (sheet: string, r0: number, c0: number, r1: number, c1: number) => `${quoteSheet(sheet)}!$${indexToCol(c0)}$${r0 + 1}${r0 === r1 && c0 === c1 ? '' : `:$${indexToCol(c1)}$${r1 + 1}`}`;

interface SeriesRefs {
  name?: string;
  cat?: string;
  val: string;
}

/** The cell ranges of each plotted series, in the order the chart shows them. */
function seriesRefs(spec: ChartSpec, r: ResolvedChart, dataSheet: SheetModel): SeriesRefs[] {
  const { r0, c0 } = spec.data.rect;
  const head = spec.first_row_headers ? 1 : 0;
  const n = r.categories.length;
  if (n === 0) return [];
  // A cell of the (possibly transposed) grid: row i of the body, column j.
  const at = (i: number, j: number) => (spec.transpose ? { row: r0 + j, col: c0 + i } : { row: r0 + i, col: c0 + j });
  const line = (j: number) => {
    const a = at(head, j), b = at(head + n - 1, j);
    return ref(dataSheet.name, a.row, a.col, b.row, b.col);
  };
  const cat = categoryColumn(spec);
  return r.series.map((s) => {
    const h = at(0, s.column);
    return { ...(head ? { name: ref(dataSheet.name, h.row, h.col, h.row, h.col) } : {}), ...(cat !== undefined ? { cat: line(cat) } : {}), val: line(s.column) };
  });
}

function numCache(values: (number | null)[]): string {
  const pts = values.map((v, i) => (v === null ? '' : `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`)).join('');
  return `<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${values.length}"/>${pts}</c:numCache>`;
}

function strCache(values: string[]): string {
  return `<c:strCache><c:ptCount val="${values.length}"/>${values.map((v, i) => `<c:pt idx="${i}"><c:v>${esc(v)}</c:v></c:pt>`).join('')}</c:strCache>`;
}

/** One <c:ser>: its name, categories (or x values) and values, with cached values. */
function serXml(i: number, refs: SeriesRefs, r: ResolvedChart, values: (number | null)[], name: string, mark: Mark, scatter: boolean, varyColors: boolean): string {
  const color = COLORS[i % COLORS.length]!;
  const tx = refs.name ? `<c:tx><c:strRef><c:f>${esc(refs.name)}</c:f>${strCache([name])}</c:strRef></c:tx>` : `<c:tx><c:v>${esc(name)}</c:v></c:tx>`;
  const sp =
    mark === 'line'
      ? `<c:spPr><a:ln w="28575" cap="rnd"><a:solidFill><a:srgbClr val="${color}"/></a:solidFill></a:ln></c:spPr><c:marker><c:symbol val="none"/></c:marker>`
      : mark === 'point'
        ? `<c:spPr><a:ln w="19050"><a:noFill/></a:ln></c:spPr><c:marker><c:symbol val="circle"/><c:size val="5"/><c:spPr><a:solidFill><a:srgbClr val="${color}"/></a:solidFill></c:spPr></c:marker>`
        : varyColors
          ? ''
          : `<c:spPr><a:solidFill><a:srgbClr val="${color}"/></a:solidFill></c:spPr>`;
  const invert = mark === 'bar' && !varyColors ? '<c:invertIfNegative val="0"/>' : '';
  const catXml = scatter
    ? refs.cat
      ? `<c:xVal><c:numRef><c:f>${esc(refs.cat)}</c:f>${numCache(r.xValues ?? [])}</c:numRef></c:xVal>`
      : ''
    : refs.cat
      ? `<c:cat><c:strRef><c:f>${esc(refs.cat)}</c:f>${strCache(r.categories)}</c:strRef></c:cat>`
      : '';
  const valTag = scatter ? 'yVal' : 'val';
  const smooth = mark === 'line' || mark === 'point' ? '<c:smooth val="0"/>' : '';
  return `<c:ser><c:idx val="${i}"/><c:order val="${i}"/>${tx}${sp}${invert}${catXml}<c:${valTag}><c:numRef><c:f>${esc(refs.val)}</c:f>${numCache(values)}</c:numRef></c:${valTag}>${smooth}</c:ser>`;
}

const AX_CAT = 500000001, AX_VAL = 500000002;

function axes(horizontal: boolean, scatter: boolean): string {
  const common = '<c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/>';
  const catPos = horizontal ? 'l' : 'b', valPos = horizontal ? 'b' : 'l';
  const first = scatter
    ? `<c:valAx><c:axId val="${AX_CAT}"/>${common}<c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/><c:crossAx val="${AX_VAL}"/><c:crosses val="autoZero"/><c:crossBetween val="midCat"/></c:valAx>`
    : `<c:catAx><c:axId val="${AX_CAT}"/>${common}<c:axPos val="${catPos}"/><c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/><c:crossAx val="${AX_VAL}"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>`;
  const second = `<c:valAx><c:axId val="${AX_VAL}"/>${common}<c:axPos val="${valPos}"/><c:majorGridlines/><c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/><c:crossAx val="${AX_CAT}"/><c:crosses val="autoZero"/><c:crossBetween val="${scatter ? 'midCat' : 'between'}"/></c:valAx>`;
  return first + second;
}

/** A chart part for the chart; undefined when it has nothing to plot. */
export function chartXml(spec: ChartSpec, r: ResolvedChart, dataSheet: SheetModel): string | undefined {
  const refs = seriesRefs(spec, r, dataSheet);
  if (!refs.length) return undefined;
  const ids = `<c:axId val="${AX_CAT}"/><c:axId val="${AX_VAL}"/>`;
  let plot: string;
  if (spec.type === 'pie' || spec.type === 'doughnut') {
    const s = r.series[0]!;
    const body = `<c:varyColors val="1"/>${serXml(0, refs[0]!, r, s.values, s.name, 'bar', false, true)}<c:firstSliceAng val="0"/>`;
    plot = spec.type === 'pie' ? `<c:pieChart>${body}</c:pieChart>` : `<c:doughnutChart>${body}<c:holeSize val="50"/></c:doughnutChart>`;
  } else if (spec.type === 'scatter') {
    plot = `<c:scatterChart><c:scatterStyle val="lineMarker"/><c:varyColors val="0"/>${r.series.map((s, i) => serXml(i, refs[i]!, r, s.values, s.name, s.mark === 'line' ? 'line' : 'point', true, false)).join('')}${ids}</c:scatterChart>${axes(false, true)}`;
  } else {
    // Column, bar, line, area and combo: one chart element per kind of mark, on shared axes.
    const horizontal = spec.type === 'bar';
    const groups = new Map<Mark, string[]>();
    r.series.forEach((s, i) => {
      const mark = s.mark === 'point' ? 'line' : s.mark;
      groups.set(mark, [...(groups.get(mark) ?? []), serXml(i, refs[i]!, r, s.values, s.name, s.mark, false, false)]);
    });
    plot = '';
    for (const [mark, sers] of groups) {
      if (mark === 'bar') plot += `<c:barChart><c:barDir val="${horizontal ? 'bar' : 'col'}"/><c:grouping val="clustered"/><c:varyColors val="0"/>${sers.join('')}<c:gapWidth val="150"/>${ids}</c:barChart>`;
      else if (mark === 'area') plot += `<c:areaChart><c:grouping val="standard"/><c:varyColors val="0"/>${sers.join('')}${ids}</c:areaChart>`;
      else plot += `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${sers.join('')}<c:marker val="1"/>${ids}</c:lineChart>`;
    }
    plot += axes(horizontal, false);
  }
  const title = spec.title
    ? `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1400" b="0"/></a:pPr><a:r><a:rPr lang="en-US"/><a:t>${esc(spec.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`
    : '<c:autoTitleDeleted val="1"/>';
  const legend = r.series.length > 1 || spec.type === 'pie' || spec.type === 'doughnut' ? '<c:legend><c:legendPos val="r"/><c:overlay val="0"/></c:legend>' : '';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace xmlns:c="${NS_C}" xmlns:a="${NS_A}" xmlns:r="${NS_R}"><c:roundedCorners val="0"/><c:chart>${title}<c:plotArea><c:layout/>${plot}</c:plotArea>${legend}<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>`;
}

/** The drawing's anchor for a chart: a graphic frame pointing at the chart part `rid`. */
export function frameXml(spec: ChartSpec, rid: string, id: number): string {
  const { row, col } = spec.anchor;
  const pos = (c: number, r: number) => `<xdr:col>${c}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${r}</xdr:row><xdr:rowOff>0</xdr:rowOff>`;
  return `<xdr:twoCellAnchor editAs="oneCell"><xdr:from>${pos(col, row)}</xdr:from><xdr:to>${pos(col + spec.width_cells, row + spec.height_cells)}</xdr:to><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${id}" name="${esc(spec.name)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="${NS_C}"><c:chart xmlns:c="${NS_C}" xmlns:r="${NS_R}" r:id="${rid}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`;
}
