// Lookup-heavy workbooks for the recalc bench, written as Excel writes them: a data table ("Data",
// an Excel table with structured references) and a report sheet whose rows look keys up in it
// with VLOOKUP, XLOOKUP, INDEX/MATCH, SUMIFS, COUNTIFS and structured references, the shape of
// the workbook in issue 35 (7,274 formulas over a 3,800-row table).
import ExcelJS from 'exceljs';

export interface LookupShape {
  /** Rows of the data table. */
  dataRows: number;
  /** Rows of the report; each holds FORMULAS_PER_ROW formulas. */
  reportRows: number;
}

export const FORMULAS_PER_ROW = 7;
const REGIONS = ['North', 'South', 'East', 'West', 'Central'];
const CATEGORIES = ['Tools', 'Parts', 'Books', 'Toys', 'Food', 'Garden', 'Office', 'Sport'];

/** An xlsx of the shape; formulas carry no cached values, so a reader must compute them. */
export async function lookupWorkbook({ dataRows, reportRows }: LookupShape): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const data = wb.addWorksheet('Data');
  const rows: (string | number)[][] = [];
  for (let i = 1; i <= dataRows; i++) rows.push([`K${String(i).padStart(6, '0')}`, REGIONS[i % REGIONS.length]!, CATEGORIES[(i * 7) % CATEGORIES.length]!, ((i * 37) % 1000) / 10, (i * 13) % 50]);
  data.addTable({
    name: 'Data',
    ref: 'A1',
    headerRow: true,
    columns: [{ name: 'Key' }, { name: 'Region' }, { name: 'Category' }, { name: 'Amount' }, { name: 'Qty' }],
    rows,
  });
  const report = wb.addWorksheet('Report');
  report.addRow(['Key', 'Amount (VLOOKUP)', 'Qty (XLOOKUP)', 'Region (INDEX/MATCH)', 'Region total (SUMIFS)', 'Region count (COUNTIFS)', 'Value', 'Share']);
  for (let r = 2; r <= reportRows + 1; r++) {
    // Keys spread over the table, some missing (IFERROR's other branch).
    const k = 1 + ((r * 7919) % Math.round(dataRows * 1.02));
    report.addRow([
      `K${String(k).padStart(6, '0')}`,
      { formula: `IFERROR(VLOOKUP(A${r},Data!$A$2:$E$${dataRows + 1},4,FALSE),0)` },
      { formula: `_xlfn.XLOOKUP(A${r},Data[Key],Data[Qty],0)` },
      { formula: `IFERROR(INDEX(Data[Region],MATCH(A${r},Data[Key],0)),"")` },
      { formula: `SUMIFS(Data[Amount],Data[Region],D${r},Data[Category],"Tools")` },
      { formula: `COUNTIFS(Data[Region],D${r},Data[Qty],">"&C${r})` },
      { formula: `B${r}*C${r}` },
      { formula: `IF(SUM(Data[Amount])=0,0,G${r}/SUM(Data[Amount]))` },
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
