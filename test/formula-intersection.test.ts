// Implicit intersection as walks of the formula language layer (core/formula/intersection.ts):
// Excel's @ and the engine's SINGLE, both ways, and legacy formulas' intersections written out
// under rules a test states (the engine's own rules are tested in implicit-intersection.test.ts).
import { describe, expect, it } from 'vitest';
import { atAsSingle, digitsDecide, implicitIntersections, singleAsAt, withExplicitIntersections, type IntersectionRules } from '../core/formula/intersection.ts';

/** ROUND wants values, SUM takes references, INDEX gives an area; nothing else is known. */
const RULES: IntersectionRules = {
  argPlace: (name, _i, outer) => (name === 'ROUND' ? (outer === 'array' ? 'array' : 'value') : name === 'SUM' || name === 'INDEX' ? 'ref' : undefined),
  givesArea: (name) => name === 'INDEX',
};

describe('formula language: implicit intersection', () => {
  it.each([
    ['=A1:A3', '=SINGLE(A1:A3)'],
    ['=ROUND(B:B, 2)', '=ROUND(SINGLE(B:B), 2)'],
    ['=SUM(A1:A3)+SUM(A1:A3*2)', '=SUM(A1:A3)+SUM(SINGLE(A1:A3)*2)'],
    ['=INDEX(A1:C3,0,1)&"x"', '=SINGLE(INDEX(A1:C3,0,1))&"x"'],
    ["=-'Q1 2024'!C2:C9%", "=-SINGLE('Q1 2024'!C2:C9)%"],
    ['=Sheet1!A1:Sheet1!A4', '=SINGLE(Sheet1!A1:Sheet1!A4)'],
    ['=A2#', '=SINGLE(A2#)'],
    ['=(A1:A3)', '=(SINGLE(A1:A3))'],
  ])('%s read the pre-dynamic-array way is %s', (legacy, engine) => {
    expect(withExplicitIntersections(legacy, RULES)).toBe(engine);
  });

  it.each(['=A1:A1*2', '=SUM(T[x])', '=A1:C3 B1:B4', '=VLOOKUP(A1:A3,B:C,2)', '=@A1:A3', '=SINGLE(A1:A3)', '=Rate', '=Sheet1:Sheet3!A1:A2', '=SUM('])(
    '%s is left as it is (one cell, or not read)',
    (text) => expect(withExplicitIntersections(text, RULES)).toBe(text),
  );

  it('tells which formulas read differently when only their digits change', () => {
    expect(digitsDecide('=SUM(A1:A3)+B2')).toBe(false);
    expect(digitsDecide('=A1:A1*2')).toBe(true);
    expect(digitsDecide('=A0+1')).toBe(true);
    expect(digitsDecide('=LOG10(A1)')).toBe(true);
    expect(digitsDecide('=SUM(')).toBe(true);
  });

  it.each([
    ['=SINGLE(A1:A3)', '=@A1:A3', '=A1:A3'],
    ['=SUM(SINGLE(A1:A3)*2)', '=SUM(@A1:A3*2)', '=SUM(A1:A3*2)'],
    ['=SINGLE(INDEX(A1:C3,0,1))+1', '=@INDEX(A1:C3,0,1)+1', '=INDEX(A1:C3,0,1)+1'],
    ['=SINGLE(A1:A3+1)', '=@(A1:A3+1)', '=(A1:A3+1)'],
    ['=SINGLE(-A1:A3)', '=@(-A1:A3)', '=(-A1:A3)'],
    ['=SUM(SINGLE(Sales[Amount]))', '=SUM(@Sales[Amount])', '=SUM(Sales[Amount])'],
    ['="SINGLE(A1:A3)"&SINGLE(B:B)', '="SINGLE(A1:A3)"&@B:B', '="SINGLE(A1:A3)"&B:B'],
  ])('%s shows as %s and is written to a legacy formula as %s', (engine, shown, legacy) => {
    expect(singleAsAt(engine)).toBe(shown);
    expect(implicitIntersections(engine)).toBe(legacy);
    // Typed back, @(x) keeps its parentheses inside SINGLE.
    expect(atAsSingle(shown)).toBe(shown.includes('@(') ? engine.replace(/SINGLE\((.*)\)$/, 'SINGLE(($1))') : engine);
  });

  it('leaves an @ inside a string or a structured reference alone', () => {
    expect(atAsSingle('="a@b"&Sales[@Amount]')).toBe('="a@b"&Sales[@Amount]');
    expect(atAsSingle('=Sales[@Amount]*@B:B')).toBe('=Sales[@Amount]*SINGLE(B:B)');
    expect(atAsSingle('=@ A1:A3')).toBe('=SINGLE( A1:A3)');
  });
});
