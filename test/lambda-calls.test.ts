// LAMBDA calls as Excel writes them and as the engine reads them (core/formula/engine-text.ts):
// each rewrite goes there and back unchanged, and leaves text, sheet names and table references alone.
import { describe, expect, it } from 'vitest';
import { isEngineFunction } from '../core/workbook/functions/index.ts';
import { etaNamesAsStored, lambdaCallsAsWritten, lambdaCallsForEngine } from '../core/formula/engine-text.ts';
import { withParameterPrefixes } from '../core/formula/prefixes.ts';
import { withoutPrefixes as stripPrefixes } from '../core/formula/prefixes.ts';

const cases: [string, string][] = [
  ['=AddTax(A1,0.2)', '=LAMBDA.CALL(AddTax,A1,0.2)'],
  ['=week()', '=LAMBDA.CALL(week)'],
  ['=LAMBDA(x,x+1)(2)', '=LAMBDA.CALL(LAMBDA(x,x+1),2)'],
  ['=LAMBDA(a,[b],IF(ISOMITTED(b),a,a+b))(1)', '=LAMBDA.CALL(LAMBDA(a,LAMBDA.OPT(b),IF(ISOMITTED(b),a,a+b)),1)'],
  ['=LET(sq,LAMBDA(v,v*v),sq(3)+sq(A1))', '=LET(sq,LAMBDA(v,v*v),LAMBDA.CALL(sq,3)+LAMBDA.CALL(sq,A1))'],
  ['=SUM(f(g(1)),2)', '=SUM(LAMBDA.CALL(f,LAMBDA.CALL(g,1)),2)'],
  ["='My Sheet'!A1+f()", "='My Sheet'!A1+LAMBDA.CALL(f)"],
  // Calls among the engine's own functions and groups: still found.
  ['=IF(A1,(B1+1)*2,SUM(INDEX(C:C,1),Tax_2(3)))', '=IF(A1,(B1+1)*2,SUM(INDEX(C:C,1),LAMBDA.CALL(Tax_2,3)))'],
  ['=SUM(1,2)+MAP(A1:A2,LAMBDA(v,v))', '=SUM(1,2)+MAP(A1:A2,LAMBDA(v,v))'],
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

  it.each<[string, string]>([
    ['=BYROW(A1:C3, SUM)', '=BYROW(A1:C3, LAMBDA.ETA("SUM"))'],
    ['=REDUCE(0,A1:A3,sum)', '=REDUCE(0,A1:A3,LAMBDA.ETA("sum"))'],
    ['=GROUPBY(A2:A9,C2:C9,HSTACK(SUM,STDEV.S),3)', '=GROUPBY(A2:A9,C2:C9,HSTACK(LAMBDA.ETA("SUM"),LAMBDA.ETA("STDEV.S")),3)'],
    ['=PIVOTBY(A2:A9,B2:B9,C2:C9,VSTACK(HSTACK(SUM,MAX),{"a","b"}))', '=PIVOTBY(A2:A9,B2:B9,C2:C9,VSTACK(HSTACK(LAMBDA.ETA("SUM"),LAMBDA.ETA("MAX")),{"a","b"}))'],
    ['=LAMBDA(x,MAP(x,ABS))(A1:A2)', '=LAMBDA.CALL(LAMBDA(x,MAP(x,LAMBDA.ETA("ABS"))),A1:A2)'],
  ])('a function passed by name, %s, goes to the engine as %s and back', (written, engine) => {
    expect(lambdaCallsForEngine(written, isEngineFunction)).toBe(engine);
    expect(lambdaCallsAsWritten(engine)).toBe(written);
  });

  it('passes by name only functions, where Excel takes a function', () => {
    for (const f of ['=BYROW(A1:C3,MyFn)', '=BYROW(A1:B2,LOG10)', '=SUM(A1)+MAX', '=BYROW(A1:C3,LAMBDA(r,SUM(r)))', '=MAP(A1:A3,LAMBDA(sum,sum*2))', '=IF(BYROW(A1:B2,TRUE),1)']) {
      expect(lambdaCallsForEngine(f, isEngineFunction)).toBe(f);
    }
  });

  it("reads Excel's stored form of a function passed by name (_xleta.) and writes it back", () => {
    const engine = lambdaCallsForEngine(stripPrefixes('_xlfn.GROUPBY(A2:A9,C2:C9,_xleta.SUM)+_xlfn.REDUCE(0,A1:A3,_xleta.MAX)'), isEngineFunction);
    expect(engine).toBe('GROUPBY(A2:A9,C2:C9,LAMBDA.ETA("SUM"))+REDUCE(0,A1:A3,LAMBDA.ETA("MAX"))');
    expect(etaNamesAsStored(engine)).toBe('GROUPBY(A2:A9,C2:C9,_xleta.SUM)+REDUCE(0,A1:A3,_xleta.MAX)');
    expect(etaNamesAsStored('"LAMBDA.ETA(""SUM"")"&A1')).toBe('"LAMBDA.ETA(""SUM"")"&A1');
  });
});
