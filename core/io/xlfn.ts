// Functions newer than Excel 2007 are stored with the _xlfn. prefix in xlsx files; without it
// Excel and LibreOffice do not recognise them (imports strip it: formula-import.ts).
const XLFN = [
  'CONCAT', 'TEXTJOIN', 'IFS', 'SWITCH', 'MAXIFS', 'MINIFS', 'XOR', 'IFNA', 'DAYS', 'ISOWEEKNUM', 'STDEV.S', 'STDEV.P', 'VAR.S', 'VAR.P',
  'CEILING.MATH', 'FLOOR.MATH', 'PERCENTILE.INC', 'PERCENTILE.EXC', 'QUARTILE.INC', 'QUARTILE.EXC', 'MODE.SNGL', 'RANK.EQ', 'RANK.AVG',
  'FORECAST.LINEAR', 'NORM.DIST', 'NORM.S.DIST', 'NORM.INV', 'NORM.S.INV', 'COVARIANCE.S', 'COVARIANCE.P', 'BITAND', 'BITOR', 'BITXOR',
  'UNICHAR', 'UNICODE', 'SHEET', 'SHEETS', 'FORMULATEXT', 'ISFORMULA', 'ARABIC', 'BASE', 'DECIMAL', 'COT', 'SEC', 'CSC', 'ACOT', 'COTH',
  'XLOOKUP', 'XMATCH', 'FILTER', 'SORT', 'SORTBY', 'UNIQUE', 'SEQUENCE', 'RANDARRAY', 'LET', 'TEXTBEFORE', 'TEXTAFTER', 'TAKE', 'DROP',
  'CHOOSEROWS', 'CHOOSECOLS', 'TOCOL', 'TOROW', 'VSTACK', 'HSTACK', 'CONCAT', 'T.TEST', 'CHISQ.TEST', 'F.TEST', 'GAMMA', 'DAYS',
];
const XLFN_RE = new RegExp(`(?<![._A-Za-z0-9])(${[...new Set(XLFN)].map((n) => n.replace('.', '\\.')).join('|')})\\(`, 'gi');

export function withXlfn(formula: string): string {
  return formula.replace(XLFN_RE, (_m, name: string) => `_xlfn.${name.toUpperCase()}(`);
}
