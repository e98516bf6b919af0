// LAMBDA calls as Excel writes them and as the engine reads them (core/workbook/lambda-calls.ts):
// each rewrite goes there and back unchanged, and leaves text, sheet names and table references alone.
import { describe, expect, it } from 'vitest';
import { isEngineFunction } from '../core/workbook/functions/index.ts';
import { lambdaCallsAsWritten, lambdaCallsForEngine } from '../core/workbook/lambda-calls.ts';
import { withParameterPrefixes } from '../core/workbook/implicit-intersection.ts';
import { stripPrefixes } from '../core/io/formula-import.ts';

const cases: [string, string][] = [
  ['=AddTax(A1,0.2)', '=LAMBDA.CALL(AddTax,A1,0.2)'],
  ['=week()', '=LAMBDA.CALL(week)'],
  ['=LAMBDA(x,x+1)(2)', '=LAMBDA.CALL(LAMBDA(x,x+1),2)'],
  ['=LAMBDA(a,[b],IF(ISOMITTED(b),a,a+b))(1)', '=LAMBDA.CALL(LAMBDA(a,LAMBDA.OPT(b),IF(ISOMITTED(b),a,a+b)),1)'],
  ['=LET(sq,LAMBDA(v,v*v),sq(3)+sq(A1))', '=LET(sq,LAMBDA(v,v*v),LAMBDA.CALL(sq,3)+LAMBDA.CALL(sq,A1))'],
  ['=SUM(f(g(1)),2)', '=SUM(LAMBDA.CALL(f,LAMBDA.CALL(g,1)),2)'],
  ["='My Sheet'!A1+f()", "='My Sheet'!A1+LAMBDA.CALL(f)"],
];

describe('LAMBDA calls', () => {
  it.each(cases)('%s goes to the engine as %s and back', (written, engine) => {
    expect(lambdaCallsForEngine(written, isEngineFunction)).toBe(engine);
    expect(lambdaCallsAsWritten(engine)).toBe(written);
  });

  it('leaves functions, text, sheet names and table references alone', () => {
    for (const f of ['=SUM(A1:A3)', '="f(1)"&A1', "='f(x)'!A1", '=SUM(Table1[Amount])', '=A1*2', '=NORM.DIST(1,0,1,TRUE)']) expect(lambdaCallsForEngine(f, isEngineFunction)).toBe(f);
  });

  it('on import, calls only names the file defines or the formula binds', () => {
    const names = new Set(['ADDTAX']);
    const callable = (u: string) => names.has(u);
    expect(lambdaCallsForEngine('=AddTax(1)+CUBEVALUE("x")', isEngineFunction, callable)).toBe('=LAMBDA.CALL(AddTax,1)+CUBEVALUE("x")');
    expect(lambdaCallsForEngine('=LET(f,LAMBDA(x,x),f(1))', isEngineFunction, callable)).toBe('=LET(f,LAMBDA(x,x),LAMBDA.CALL(f,1))');
  });

  it("reads Excel's stored form (_xlpm., _xlop.) and writes it back", () => {
    const stored = '_xlfn.LAMBDA(_xlpm.a,_xlop.b,IF(_xlfn.ISOMITTED(_xlpm.b),_xlpm.a/2,_xlpm.a*_xlpm.b))(A5)';
    const engine = lambdaCallsForEngine(stripPrefixes(stored), isEngineFunction);
    expect(engine).toBe('LAMBDA.CALL(LAMBDA(a,LAMBDA.OPT(b),IF(ISOMITTED(b),a/2,a*b)),A5)');
    expect(lambdaCallsAsWritten(withParameterPrefixes(engine))).toBe('LAMBDA(_xlpm.a,_xlop.b,IF(ISOMITTED(_xlpm.b),_xlpm.a/2,_xlpm.a*_xlpm.b))(A5)');
  });
});
