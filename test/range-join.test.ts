// Ranges with a computed end (core/formula/engine-text.ts): written RANGE.JOIN(left, right) for
// the engine and back as Excel writes them; text, sheet names and plain ranges are left alone.
import { describe, expect, it } from 'vitest';
import { rangeJoinsAsWritten, rangeJoinsForEngine } from '../core/formula/engine-text.ts';

const cases: [string, string][] = [
  ['=SUM(A9:CHOOSE(2,A10,A11,A12))', '=SUM(RANGE.JOIN(A9,CHOOSE(2,A10,A11,A12)))'],
  ['=SUM(INDIRECT("A12"):INDIRECT("A15"))', '=SUM(RANGE.JOIN(INDIRECT("A12"),INDIRECT("A15")))'],
  ["=SUM('My S'!A1:INDEX(B:B,3))", "=SUM(RANGE.JOIN('My S'!A1,INDEX(B:B,3)))"],
  ['=SUM(OFFSET(A1,1,1):OFFSET(A1,6,1))+SUM(A1:A2)', '=SUM(RANGE.JOIN(OFFSET(A1,1,1),OFFSET(A1,6,1)))+SUM(A1:A2)'],
];

describe('ranges with a computed end', () => {
  it.each(cases)('%s goes to the engine as %s and back', (written, engine) => {
    expect(rangeJoinsForEngine(written)).toBe(engine);
    expect(rangeJoinsAsWritten(engine)).toBe(written);
  });

  it('leaves plain ranges, text and times alone', () => {
    for (const f of ['=SUM(A1:B5)', '="a:b"&INDEX(A1:A3,1)', '=TIME(1,2,3)', "='x:y'!A1:B2", '=Sheet2!A:A']) expect(rangeJoinsForEngine(f)).toBe(f);
  });
});
