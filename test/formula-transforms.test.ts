// Transforms of the formula language (core/formula): each a small walk over the tree, tested on
// its own. Text outside what a transform changes (spaces, case, strings) stays as written.
import { describe, expect, it } from 'vitest';
import { mapRefs, moveFormula, reanchor, renameSheetInFormula, shiftAnchoredFormula, shiftFormula } from '../core/formula/move-refs.ts';
import { referencesOf } from '../core/formula/refs.ts';
import { renameColumns, renameNames } from '../core/formula/rename-names.ts';
import { arrayFillAsWritten, arrayFillForEngine, bareRangeAsWritten, bareRangeForEngine, lambdaCallsAsWritten, lambdaCallsForEngine, numbersForEngine, spillRefsAsWritten, spillRefsForEngine } from '../core/formula/engine-text.ts';
import { functionsCalled, prefixesAsShown, prefixesAsStored, withFunctionPrefixes, withParameterPrefixes, withoutPrefixes } from '../core/formula/prefixes.ts';

describe('move-refs: references follow edits', () => {
  const ins = (axis: 'row' | 'col', at: number, count = 1) => ({ kind: 'insert' as const, axis, at, count });
  const del = (axis: 'row' | 'col', at: number, count = 1) => ({ kind: 'delete' as const, axis, at, count });

  it('shifts references on the edited sheet on insert and delete, keeping $ and spacing', () => {
    expect(shiftFormula('=SUM( A1:B5 ) + $C$3', 'S', 'S', ins('row', 2, 2))).toBe('=SUM( A1:B7 ) + $C$5');
    expect(shiftFormula('=A1+Other!A5', 'S', 'S', ins('row', 0))).toBe('=A2+Other!A5');
    expect(shiftFormula("=A1+'My S'!A5", 'S', 'My S', ins('row', 0))).toBe("=A1+'My S'!A6");
    expect(shiftFormula('=A3+A1', 'S', 'S', del('row', 2))).toBe('=#REF!+A1');
    expect(shiftFormula('=SUM(B:D)+SUM(2:2)', 'S', 'S', del('col', 2))).toBe('=SUM(B:C)+SUM(2:2)');
  });

  it('leaves strings, names that look like cells, other workbooks and 3-D spans alone', () => {
    expect(shiftFormula('="A1"&LOG10(A1)&[1]S!A1&S1:S2!A1', 'S', 'S', ins('row', 0))).toBe('="A1"&LOG10(A2)&[1]S!A1&S1:S2!A1');
  });

  it('moves references inside a moved block, and re-anchors a copied formula', () => {
    expect(moveFormula('=A1+B2', 'S', 'S', { r0: 0, r1: 0, c0: 0, c1: 0 }, { row: 4, col: 2 })).toBe('=C5+B2');
    expect(reanchor('=A1+$A$1+A$1+$A1', 2, 1)).toBe('=B3+$A$1+B$1+$A3');
    expect(reanchor('=A1', -1, 0)).toBe('=#REF!');
    expect(shiftAnchoredFormula('=A2>0', { r0: 1, r1: 5, c0: 0, c1: 0 }, 'S', del('row', 1))).toBe('=A2>0');
  });

  it('renames sheets in references, names, #REF! and 3-D ends, quoting as Excel does', () => {
    expect(renameSheetInFormula('=Data!A1+data!Rate+SUM(Data:Last!B2)+"Data!A1"', 'Data', 'My Data')).toBe(
      "='My Data'!A1+'My Data'!Rate+SUM('My Data:Last'!B2)+\"Data!A1\"",
    );
    expect(renameSheetInFormula("='Old one'!A1", 'old one', 'New')).toBe('=New!A1');
  });

  it('maps references to qualified ones', () => {
    expect(mapRefs('=A1:B2', (r) => ({ ...r, sheet: "It's", abs: [true, true, true, true] }))).toBe("='It''s'!$A$1:$B$2");
  });
});

describe('refs: the references a formula names', () => {
  it('finds cells, ranges, whole columns and rows with their sheets', () => {
    expect(referencesOf("=A1+SUM('My S'!B2:C3,D:D,4:5)+\"E5\"")).toEqual([
      { rect: { r0: 0, r1: 0, c0: 0, c1: 0 } },
      { sheet: 'My S', rect: { r0: 1, r1: 2, c0: 1, c1: 2 } },
      { rect: { r0: 0, r1: Infinity, c0: 3, c1: 3 } },
      { rect: { r0: 3, r1: 4, c0: 0, c1: Infinity } },
    ]);
  });
});

describe('prefixes: names as xlsx files store them', () => {
  it('writes newer functions with _xlfn., FILTER and SORT with _xlfn._xlws. as Excel does', () => {
    expect(withFunctionPrefixes('=FILTER(A1:A4, A1:A4>3)+SUM(sort(B1:B3))+XLOOKUP(1,A:A,B:B)')).toBe('=_xlfn._xlws.FILTER(A1:A4, A1:A4>3)+SUM(_xlfn._xlws.SORT(B1:B3))+_xlfn.XLOOKUP(1,A:A,B:B)');
    expect(withFunctionPrefixes('=_xlfn.CONCAT("FILTER(",A1)&CONCATENATE(A1)')).toBe('=_xlfn.CONCAT("FILTER(",A1)&CONCATENATE(A1)');
  });

  it('tells a file\'s text whose function prefixes are not those the export writes (issue 33)', () => {
    expect(prefixesAsStored('_xlfn.NETWORKDAYS.INTL(H3,H5,1,H4)+SUM(A1:A3)')).toBe(true);
    expect(prefixesAsStored('_xlfn._xlws.SORT(A1:A3)&"WORKDAY.INTL("')).toBe(true);
    expect(prefixesAsStored('SUM(A1:A3)')).toBe(true);
    // LibreOffice writes Excel 2010's functions bare; some writers prefix old functions.
    expect(prefixesAsStored('NETWORKDAYS.INTL(H3,H5,1,H4)')).toBe(false);
    expect(prefixesAsStored('IF(A1,workday.intl(C20,123,17),0)')).toBe(false);
    expect(prefixesAsStored('_xlfn.SORT(A1:A3)')).toBe(false);
    expect(prefixesAsStored('_xlfn.SUM(A1:A3)')).toBe(false);
  });

  it('takes the prefixes off on import: functions, LET/LAMBDA names, optional and eta parameters', () => {
    expect(withoutPrefixes('_xlfn._xlws.SORT(_xlfn.UNIQUE(A1:A9))&"_xlfn.X"')).toBe('SORT(UNIQUE(A1:A9))&"_xlfn.X"');
    expect(withoutPrefixes('_xlfn.LAMBDA(_xlpm.a,_xlop.b,_xlpm.a+_xlpm.b)(1)')).toBe('LAMBDA(a,[b],a+b)(1)');
    expect(withoutPrefixes('_xlfn.BYROW(A1:B2,_xleta.SUM)')).toBe('BYROW(A1:B2,LAMBDA.ETA("SUM"))');
  });

  it('writes the names LET binds and LAMBDA parameters with _xlpm. where they are in scope', () => {
    expect(withParameterPrefixes('=LET(x, 1, y, x+1, x*y) + x')).toBe('=LET(_xlpm.x, 1, _xlpm.y, _xlpm.x+1, _xlpm.x*_xlpm.y) + x');
    expect(withParameterPrefixes('=LAMBDA(a,LAMBDA.OPT(b),IF(ISOMITTED(b),a,a+b))(1)')).toBe('=LAMBDA(_xlpm.a,_xlop.b,IF(ISOMITTED(_xlpm.b),_xlpm.a,_xlpm.a+_xlpm.b))(1)');
  });

  it('shows a kept formula as Excel shows it, without any prefix', () => {
    expect(prefixesAsShown('=_xlfn._xlws.SORT(_xlfn.BYROW(A1:B2,_xleta.SUM))+_xlfn.LET(_xlpm.x,1,_xlpm.x)&"_xlfn."')).toBe('=SORT(BYROW(A1:B2,SUM))+LET(x,1,x)&"_xlfn."');
  });

  it('lists the functions called, outside strings and sheet names', () => {
    expect(functionsCalled(`=SUM('My (Sheet)'!A1, "TRIMMEAN(")+_xlfn.ROUND(x,2)`)).toEqual(['SUM', '_XLFN.ROUND']);
  });
});

describe('engine text: what HyperFormula reads, and back as Excel writes it', () => {
  it.each<[string, string]>([
    ['=SUM(A1#)+Sheet2!B2#', '=SUM(ANCHORARRAY(A1))+ANCHORARRAY(Sheet2!B2)'],
    ['="A1#"&#N/A', '="A1#"&#N/A'],
  ])('spill references: %s is %s', (excel, engine) => {
    expect(spillRefsForEngine(excel)).toBe(engine);
    expect(spillRefsAsWritten(engine)).toBe(excel);
  });

  it('a formula that is only a range spills; a legacy array formula fills its range', () => {
    expect(bareRangeForEngine('= Data!A2:C10 ')).toBe('= RANGE.SPILL(Data!A2:C10) ');
    expect(bareRangeForEngine('=A1')).toBe('=A1');
    expect(bareRangeForEngine('=SUM(A1:A3)')).toBe('=SUM(A1:A3)');
    expect(bareRangeAsWritten('=RANGE.SPILL(B:B)')).toBe('=B:B');
    expect(arrayFillAsWritten(arrayFillForEngine('=A1:A3*2', 3, 1))).toBe('=A1:A3*2');
  });

  it('LAMBDA calls keep the spaces written around their arguments', () => {
    const engine = lambdaCallsForEngine('=LAMBDA(x, x+1)( 2 )+f( A1 )', () => false);
    expect(engine).toBe('=LAMBDA.CALL(LAMBDA(x, x+1), 2 )+LAMBDA.CALL(f, A1 )');
    expect(lambdaCallsAsWritten(engine)).toBe('=LAMBDA(x, x+1)( 2 )+f( A1 )');
  });
});

describe('rename-names: names and tables followed through a formula', () => {
  const names = (entries: [string, string][]) => new Map(entries);

  it('renames defined names and data-table names, never strings, functions or sheet-qualified names', () => {
    const map = names([['sales', 'Revenue'], ['sales.unit_price', 'Revenue.Unit_Price']]);
    expect(renameNames('=SUM(Sales) + sales.Unit_Price*"Sales"', map)).toBe('=SUM(Revenue) + Revenue.Unit_Price*"Sales"');
    expect(renameNames('=SALES(1)+Other!Sales+Salesman', map)).toBe('=SALES(1)+Other!Sales+Salesman');
  });

  it('renames a table in its structured references, every specifier kept as written', () => {
    const map = names([['table16', 'Sales']]);
    expect(renameNames('=Table16[[#This Row],[Units]]*table16[[#Totals],[Unit Cost]]+SUM(Table16[[Jan]:[Mar]])', map)).toBe('=Sales[[#This Row],[Units]]*Sales[[#Totals],[Unit Cost]]+SUM(Sales[[Jan]:[Mar]])');
  });

  it('writes a removed name out as the cells it stood for', () => {
    const map = names([['sales', "'My Data'!$A$2:$A$9"], ['sales.units', 'Data!$B$2:$B$9']]);
    expect(renameNames('=SUM(Sales)+MAX(Sales.Units)', map)).toBe("=SUM('My Data'!$A$2:$A$9)+MAX(Data!$B$2:$B$9)");
    // A structured reference is not a name: a table removed leaves it as written.
    expect(renameNames('=SUM(Sales[Units])', map)).toBe('=SUM(Sales[Units])');
  });
});

describe('rename-names: a table column renamed (a header typed anew)', () => {
  const cols = new Map([['units', 'Qty'], ['unit cost', 'Cost [EUR]']]);

  it('renames the column in references to the table, every specifier and column range kept', () => {
    expect(renameColumns('=SUM(sales[Units])+Sales[[#This Row],[Units]:[Unit Cost]]*Sales[@[Unit Cost]]', 'Sales', cols)).toBe(
      "=SUM(sales[Qty])+Sales[[#This Row],[Qty]:[Cost '[EUR']]]*Sales[@[Cost '[EUR']]]",
    );
  });

  it('leaves other tables, strings and names alone; a bare [@Units] only inside the table', () => {
    const text = '=Other[Units]&"Sales[Units]"&Units+[@Units]';
    expect(renameColumns(text, 'Sales', cols)).toBe(text);
    expect(renameColumns(text, 'Sales', cols, true)).toBe('=Other[Units]&"Sales[Units]"&Units+[@Qty]');
  });
});

describe('numbers for the engine', () => {
  it('writes a capital exponent small, only in numbers', () => {
    expect(numbersForEngine('=1E+20*2.5E-3 + .5E2&"3E4"&E1E2')).toBe('=1e+20*2.5e-3 + .5e2&"3E4"&E1E2');
    expect(numbersForEngine("='1E2'!A1+1E2")).toBe("='1E2'!A1+1e2");
    expect(numbersForEngine('=SUM(A1:A5)')).toBe('=SUM(A1:A5)');
  });
});
