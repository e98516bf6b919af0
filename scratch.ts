import { writeFileSync } from 'node:fs';
import { buildScene } from './core/charts/scene.ts';
import { sceneToSvg } from './core/charts/svg.ts';
import { svgToPng } from './core/charts/png.ts';
import PDFDocument from 'pdfkit';
import { drawChartPdf } from './core/charts/pdf.ts';
const base = { id: 'c', name: 'C', data: { sheet: 's', rect: { r0: 0, c0: 0, r1: 4, c1: 2 } }, anchor: { row: 0, col: 0 }, width_cells: 6, height_cells: 18, first_row_headers: true, first_col_labels: true, transpose: false, data_labels: true } as any;
const cats = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
const charts: any[] = [
  { spec: { ...base, type: 'combo', title: 'Sales vs costs' }, dataRange: 'A1:C5', categories: cats, series: [
    { column: 1, name: 'Sales', mark: 'bar', axis: 'primary', values: [100, 150, 120, 180, -20, 90], labels: [0, 3], trend: { slope: 2, intercept: 100, r2: 0.5 } },
    { column: 2, name: 'Costs', mark: 'line', axis: 'secondary', values: [0.8, 0.9, null, 1.1, 1.0, 0.7], labels: [] }], warnings: [] },
  { spec: { ...base, type: 'bar', title: 'Horizontal' }, dataRange: 'A1:C5', categories: cats, series: [
    { column: 1, name: 'North', mark: 'bar', axis: 'primary', values: [1, 2, 3, 4, 5, 6], labels: [5] },
    { column: 2, name: 'South', mark: 'bar', axis: 'primary', values: [4, 5, 6, 2, 1, 3], labels: [] }], warnings: [] },
  { spec: { ...base, type: 'pie', title: 'Pie', data_labels: false }, dataRange: 'A1:C5', categories: cats, series: [
    { column: 1, name: 'North', mark: 'bar', axis: 'primary', values: [1, 2, 3, 4, 5, 6], labels: [] }], warnings: [] },
  { spec: { ...base, type: 'doughnut', data_labels: false }, dataRange: 'A1:C5', categories: cats, series: [
    { column: 1, name: 'North', mark: 'bar', axis: 'primary', values: [1, 2, 3, 4, 5, 6], labels: [] }], warnings: [] },
  { spec: { ...base, type: 'scatter', title: 'Scatter' }, dataRange: 'A1:C5', categories: ['1','2','3','4'], xValues: [1, 2, 3, 4], series: [
    { column: 1, name: 'y', mark: 'point', axis: 'primary', values: [2, 4.5, 5.5, 8], labels: [], trend: { slope: 1.9, intercept: 0.25, r2: 0.9 } }], warnings: [] },
  { spec: { ...base, type: 'area', title: 'Area ünïcödé 日本' }, dataRange: 'A1:C5', categories: cats, series: [
    { column: 1, name: 'North', mark: 'area', axis: 'primary', values: [1, 2, 3, 4, 5, 6], labels: [] }], warnings: [] },
];
const doc = new PDFDocument({ size: 'A4' });
const bufs: Buffer[] = []; doc.on('data', (b) => bufs.push(b)); doc.on('end', () => writeFileSync('/tmp/charts.pdf', Buffer.concat(bufs)));
charts.forEach((c, i) => {
  const svg = sceneToSvg(buildScene(c, 600, 378));
  writeFileSync(`/tmp/chart${i}.svg`, svg);
  writeFileSync(`/tmp/chart${i}.png`, svgToPng(svg));
  drawChartPdf(doc, c, { x: 30 + (i % 2) * 280, y: 30 + Math.floor(i / 2) * 250, width: 260, height: 200 });
});
doc.end();
