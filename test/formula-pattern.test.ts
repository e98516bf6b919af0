// Formulas matched against patterns written as formulas (core/formula/pattern.ts): how the xlsx
// export recognises the conditions its import wrote for Excel's rule kinds.
import { describe, expect, it } from 'vitest';
import { matchFormula } from '../core/formula/pattern.ts';
import { printNode } from '../core/formula/print.ts';

const texts = (m: ReturnType<typeof matchFormula>) => m && Object.fromEntries(Object.entries(m).map(([k, n]) => [k, printNode(n)]));

describe('formula language: patterns', () => {
  it('gives the subtrees standing in the holes', () => {
    expect(texts(matchFormula('AND(A1>=5,A1<=MAX(B1,")"))', 'AND(A1>=X_,A1<=Y_)', ['X_', 'Y_']))).toEqual({ X_: '5', Y_: 'MAX(B1,")")' });
    expect(texts(matchFormula('AND(COUNTBLANK(B2)=0,OR(B2>1,"x)"="y"))', 'AND(COUNTBLANK(B2)=0,X_)', ['X_']))).toEqual({ X_: 'OR(B2>1,"x)"="y")' });
    expect(texts(matchFormula('=A1>B1+1', '=A1>X_', ['X_']))).toEqual({ X_: 'B1+1' });
  });

  it('follows precedence: a hole never takes part of an operand', () => {
    // (A1>=1)=2: the top operator is =, so this is no comparison of A1 with a value.
    expect(matchFormula('A1>=1=2', 'A1>=X_', ['X_'])).toBeUndefined();
    expect(matchFormula('A1>5+A1<3', 'A1>X_', ['X_'])).toBeUndefined();
    expect(texts(matchFormula('A1>=1&2', 'A1>=X_', ['X_']))).toEqual({ X_: '1&2' });
  });

  it('wants everything else written alike: names, references, case, spaces', () => {
    expect(matchFormula('A10>5', 'A1>X_', ['X_'])).toBeUndefined();
    expect(matchFormula('a1>5', 'A1>X_', ['X_'])).toBeUndefined();
    expect(matchFormula('A1 >5', 'A1>X_', ['X_'])).toBeUndefined();
    expect(matchFormula('AND(A1>1,A1<2,A1<3)', 'AND(A1>X_,A1<Y_)', ['X_', 'Y_'])).toBeUndefined();
    expect(matchFormula('=A1>5', 'A1>X_', ['X_'])).toBeUndefined();
    expect(matchFormula('SUM(', 'SUM(X_)', ['X_'])).toBeUndefined();
  });

  it('wants a hole used twice to stand for the same text twice', () => {
    expect(texts(matchFormula('LEFT(A1,LEN("ab"))="ab"', 'LEFT(A1,LEN(T_))=T_', ['T_']))).toEqual({ T_: '"ab"' });
    expect(matchFormula('LEFT(A1,LEN("ab"))="abc"', 'LEFT(A1,LEN(T_))=T_', ['T_'])).toBeUndefined();
  });
});
