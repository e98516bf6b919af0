// The formula language layer (core/formula): Excel's grammar read into a tree and printed back.
// Parsing then printing is the identity on every formula text of every workbook in test/fixtures.
import { describe, expect, it } from 'vitest';
import { childrenOf, type Node } from '../core/formula/ast.ts';
import { tokenize } from '../core/formula/lexer.ts';
import { parseFormula } from '../core/formula/parser.ts';
import { printFormula, printNode } from '../core/formula/print.ts';
import { fixtureFormulas } from './helpers/fixture-formulas.ts';

/** The tree as a compact s-expression, to pin down how a formula was read. */
function sx(n: Node): string {
  switch (n.kind) {
    case 'call': return `(${n.name}${n.args.map((a) => ` ${sx(a)}`).join('')})`;
    case 'apply': return `(apply ${childrenOf(n).map(sx).join(' ')})`;
    case 'binary': return `(${n.op === ' ' ? '∩' : n.op} ${sx(n.left)} ${sx(n.right)})`;
    case 'unary': return `(${n.op}u ${sx(n.operand)})`;
    case 'postfix': return `(${n.op}p ${sx(n.operand)})`;
    case 'paren': return `[${sx(n.inner)}]`;
    case 'array': return `{${n.rows.map((r) => r.map(sx).join(' ')).join(' ; ')}}`;
    case 'structured': return `tbl:${n.table ?? ''}${JSON.stringify(n.spec)}`;
    case 'name': return `name:${n.name}`;
    case 'missing': return '_';
    case 'ref': return `ref:${JSON.stringify(n.prefix ?? {})}${printNode({ ...n, prefix: undefined, text: undefined })}`;
    default: return `${n.kind}:${n.text}`;
  }
}
const tree = (text: string) => sx(parseFormula(text).body);

describe('formula language: parse then print', () => {
  it('is the identity on all 131,234 formula texts of the workbooks in test/fixtures', () => {
    const all = fixtureFormulas();
    const differ = all.filter((f) => {
      try {
        return printFormula(parseFormula(f.text)) !== f.text;
      } catch {
        return true;
      }
    });
    expect(differ.slice(0, 5)).toEqual([]);
    // Cells (shared formulas' masters included), defined names, table formulas, conditional formats, validations.
    expect(all.length).toBe(131_234);
  });

  it('keeps spaces, case and the leading = as written', () => {
    for (const t of ['= SUM( a1 , $B$2 ) ', '=IF(A1 >= 1 ,"x""y", -  2%)', '=1.50E+3', '={1, 2; 3, 4}', '=Sheet1!A1 : B2']) {
      expect(printFormula(parseFormula(t))).toBe(t);
    }
  });
});

describe('formula language: the tree', () => {
  it('follows Excel precedence: negation before ^, % before ^, & below +, comparison last', () => {
    expect(tree('-2^2')).toBe('(^ (-u number:2) number:2)');
    expect(tree('2^3%')).toBe('(^ number:2 (%p number:3))');
    expect(tree('1+2&3=4')).toBe('(= (& (+ number:1 number:2) number:3) number:4)');
    expect(tree('A1:B2 B1:C3')).toBe('(∩ ref:{}A1:B2 ref:{}B1:C3)');
    expect(tree('SUM((A1,B1:B3))')).toBe('(SUM [(, ref:{}A1 ref:{}B1:B3)])');
    expect(tree('@A1:A3+1')).toBe('(+ (@u ref:{}A1:A3) number:1)');
  });

  it('reads sheet, 3-D and external prefixes', () => {
    expect(tree("'It''s'!A1")).toBe('ref:{"sheet":"It\'s"}A1');
    expect(tree('Sheet1:Sheet3!$A$1')).toBe('ref:{"sheet":"Sheet1","sheet2":"Sheet3"}$A$1');
    expect(tree("'Jan 1:Mar 1'!B2")).toBe('ref:{"sheet":"Jan 1","sheet2":"Mar 1"}B2');
    expect(tree('[1]Sheet1!A1')).toBe('ref:{"book":"1","sheet":"Sheet1"}A1');
    expect(tree("'[Book.xlsx]My Sheet'!B:B")).toBe('ref:{"book":"Book.xlsx","sheet":"My Sheet"}B:B');
    expect(tree("'C:\\dir\\[Book.xlsx]S'!A1")).toBe('ref:{"path":"C:\\\\dir\\\\","book":"Book.xlsx","sheet":"S"}A1');
    expect(tree('[1]!Rate')).toBe('name:Rate');
    expect(tree('Sheet1!#REF!')).toBe('error:Sheet1!#REF!');
    expect(tree('Sheet・1!$A$1')).toBe('ref:{"sheet":"Sheet・1"}$A$1');
    expect(tree('[1]!LUCANET("Ist")')).toBe('([1]!LUCANET string:"Ist")');
  });

  it('reads whole rows and columns, and tells functions that look like cells from cells', () => {
    expect(tree('Sheet1!$1:$1,Sheet1!$A:$A')).toBe('(, ref:{"sheet":"Sheet1"}$1:$1 ref:{"sheet":"Sheet1"}$A:$A)');
    expect(tree('LOG10(A1)+DAYS360(A1,B1)')).toBe('(+ (LOG10 ref:{}A1) (DAYS360 ref:{}A1 ref:{}B1))');
    expect(tree('TRUE+FALSE()')).toBe('(+ bool:TRUE (FALSE))');
    expect(tree('A1:INDEX(B:B,2)')).toBe('(: ref:{}A1 (INDEX ref:{}B:B number:2))');
  });

  it('reads structured references with every specifier, column ranges and escapes', () => {
    expect(tree('T[[#This Row],[A]:[C]]')).toBe('tbl:T{"items":["#This Row"],"cols":["A","C"]}');
    expect(tree('T[[#Headers],[#Data],[X]]')).toBe('tbl:T{"items":["#Headers","#Data"],"cols":["X","X"]}');
    expect(tree('T[#Totals]+T[#All]+T[]')).toBe('(+ (+ tbl:T{"items":["#Totals"]} tbl:T{"items":["#All"]}) tbl:T{"items":[]})');
    expect(tree("T[Totals '[']^&*@'#$]")).toBe('tbl:T{"items":[],"cols":["Totals []^&*@#$","Totals []^&*@#$"]}');
    // Excel's table names: \ or a letter of any script first, dots and digits after; a column's ' escapes, a line break.
    expect(tree("\\_Prime.1[calc='#*'#]")).toBe('tbl:\\_Prime.1{"items":[],"cols":["calc=#*#","calc=#*#"]}');
    expect(tree('テーブル15[[#This Row],[Column1]]*4')).toBe('(* tbl:テーブル15{"items":["#This Row"],"cols":["Column1","Column1"]} number:4)');
    expect(tree('SUBTOTAL(109,Table1[Purchase\n price])')).toBe('(SUBTOTAL number:109 tbl:Table1{"items":[],"cols":["Purchase\\n price","Purchase\\n price"]})');
    for (const t of ["=SUM(\\_Prime.1[calc='#*'#])", '=\\_Prime.1[[#This Row],[Number]]*\\_Prime.1[[#This Row],[Number]]', '=SUBTOTAL(109,Table1[Purchase\r\n price])']) expect(printFormula(parseFormula(t))).toBe(t);
    expect(tree('T[@[Unit Cost]]*[@Qty]')).toBe('(* tbl:T{"items":["#This Row"],"at":true,"cols":["Unit Cost","Unit Cost"]} tbl:{"items":["#This Row"],"at":true,"cols":["Qty","Qty"]})');
  });

  it('reads prefixed functions, LAMBDA parameters, calls in place, spills, arrays and errors', () => {
    expect(tree('_xlfn._xlws.FILTER(A1:A4,A1:A4>3)')).toBe('(_xlfn._xlws.FILTER ref:{}A1:A4 (> ref:{}A1:A4 number:3))');
    expect(tree('_xlfn.LAMBDA(_xlpm.x,_xlpm.x+1)(2,)')).toBe('(apply (_xlfn.LAMBDA name:_xlpm.x (+ name:_xlpm.x number:1)) number:2 _)');
    expect(tree('A1#+Sheet2!B2#')).toBe('(+ (#p ref:{}A1) (#p ref:{"sheet":"Sheet2"}B2))');
    expect(tree('{1,-2;"a",#N/A}')).toBe('{number:1 (-u number:2) ; string:"a" error:#N/A}');
  });

  it('gives tokens their exact source spans', () => {
    const text = "=SUM('My Sheet'!A1:B2, T[@X])";
    for (const t of tokenize(text)) expect(text.slice(t.start, t.end)).toBe(t.text);
    expect(tokenize(text).map((t) => t.kind)).toEqual(['op', 'name', '(', 'ref', ',', 'ws', 'structured', ')']);
  });

  it('refuses text that is not a formula, saying where', () => {
    expect(() => parseFormula('=SUM(A1')).toThrow(/missing \)/);
    expect(() => parseFormula('="abc')).toThrow(/not closed/);
    expect(() => parseFormula('=1+')).toThrow(/ends where a value was expected/);
  });
});
