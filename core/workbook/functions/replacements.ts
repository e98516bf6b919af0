// HyperFormula functions replaced where their answers differ from Excel's (found by the
// LibreOffice oracle and the Excel workbooks of test/fixtures/excel): the plugins, and what
// docs/functions.md says about each function (DISC, once formulajs's, is computed in bonds.ts).
// index.ts registers them with the others.
import { BesselPlugin } from './bessel.ts';
import { BitwisePlugin } from './bitwise.ts';
import { ChoosePlugin } from './choose.ts';
import { ComplexUnitPlugin } from './complex.ts';
import { CountBlankPlugin } from './countblank.ts';
import { DistributionsPlugin } from './distributions.ts';
import { MomentsPlugin } from './moments.ts';
import { MonthsPlugin } from './months.ts';
import { RadixPlugin } from './radix.ts';
import { ReferenceArgsPlugin } from './reference-args.ts';
import { SubstitutePlugin } from './substitute.ts';
import { SumproductPlugin } from './sumproduct.ts';
import { TextCasePlugin } from './text-case.ts';
import { TextNumbersPlugin } from './text-numbers.ts';

export const REPLACEMENT_PLUGINS = [BesselPlugin, BitwisePlugin, ChoosePlugin, ComplexUnitPlugin, CountBlankPlugin, DistributionsPlugin, MomentsPlugin, MonthsPlugin, RadixPlugin, ReferenceArgsPlugin, SubstitutePlugin, SumproductPlugin, TextCasePlugin, TextNumbersPlugin];

const stats = 'Statistical';
const eng = 'Engineering';
const text = 'Text';
const bits = (op: string) => `Bitwise ${op} of two whole numbers from 0 to 2^48-1 (#NUM! beyond, as in Excel), every bit kept.`;

/** The engine's IM functions, their results written as Excel writes complex numbers (complex.ts). */
const IM: Record<string, string> = {
  IMABS: 'Modulus', IMAGINARY: 'Imaginary part', IMARGUMENT: 'Argument (angle)', IMREAL: 'Real part', IMCONJUGATE: 'Conjugate',
  IMCOS: 'Cosine', IMCOSH: 'Hyperbolic cosine', IMCOT: 'Cotangent', IMCSC: 'Cosecant', IMCSCH: 'Hyperbolic cosecant', IMSEC: 'Secant',
  IMSECH: 'Hyperbolic secant', IMSIN: 'Sine', IMSINH: 'Hyperbolic sine', IMTAN: 'Tangent', IMEXP: 'Exponential', IMLN: 'Natural logarithm',
  IMLOG10: 'Base-10 logarithm', IMLOG2: 'Base-2 logarithm', IMSQRT: 'Square root', IMPOWER: 'Power',
};
const IM_MANY: Record<string, string> = { IMDIV: 'Quotient of two complex numbers', IMPRODUCT: 'Product of complex numbers', IMSUM: 'Sum of complex numbers', IMSUB: 'Difference of two complex numbers' };
const complexNote = "; a complex result is written as Excel writes one (15 digits, the arguments' suffix i or j; i and j mixed are #VALUE!).";

export const REPLACED_FUNCTIONS: Record<string, { category: string; summary: string; replaces?: boolean }> = {
  BESSELI: { category: eng, summary: 'Modified Bessel function I_n(x), with Excel\'s own approximation (Numerical Recipes), so its values agree with Excel\'s to the last digit.', replaces: true },
  BESSELJ: { category: eng, summary: 'Bessel function J_n(x), with Excel\'s own approximation below |x| = 8 (BESSELJ(0,0) is 1.00000000283141 as in Excel); above, within 1e-9 of the exact value.', replaces: true },
  BESSELK: { category: eng, summary: 'Modified Bessel function K_n(x), x > 0, with Excel\'s own approximation.', replaces: true },
  BESSELY: { category: eng, summary: 'Bessel function Y_n(x), x > 0, with Excel\'s own approximation.', replaces: true },
  GAMMA: { category: stats, summary: 'The gamma function, to 15 digits (exact for whole numbers); #NUM! at 0 and negative whole numbers.', replaces: true },
  'F.DIST': { category: stats, summary: 'F distribution, cumulative or density, to 14 digits.', replaces: true },
  'F.DIST.RT': { category: stats, summary: 'Right tail of the F distribution (also FDIST), to 14 digits.', replaces: true },
  'F.INV': { category: stats, summary: 'Inverse of the F distribution, solved to 14 digits.', replaces: true },
  'F.INV.RT': { category: stats, summary: 'Inverse of the right tail of the F distribution (also FINV), solved to 14 digits.', replaces: true },
  'T.DIST': { category: stats, summary: 'Student\'s t distribution, cumulative or density, to 14 digits.', replaces: true },
  'T.DIST.RT': { category: stats, summary: 'Right tail of Student\'s t distribution, to 14 digits.', replaces: true },
  'T.DIST.2T': { category: stats, summary: 'Two-tailed Student\'s t distribution, to 14 digits.', replaces: true },
  TDIST: { category: stats, summary: 'Student\'s t distribution, one or two tails, to 14 digits.', replaces: true },
  'T.INV': { category: stats, summary: 'Inverse of Student\'s t distribution (left tail), solved to 14 digits.', replaces: true },
  'T.INV.2T': { category: stats, summary: 'Inverse of the two-tailed t distribution (also TINV), solved to 14 digits.', replaces: true },
  'CONFIDENCE.T': { category: stats, summary: 'Half-width of a confidence interval with Student\'s t distribution; #DIV/0! for one value.', replaces: true },
  DISC: { category: 'Financial', summary: 'Discount rate of a security, over the year of the basis as YEARFRAC counts it (actual/actual: 366 days in a leap year), as Excel.' },
  BITAND: { category: eng, summary: bits('AND'), replaces: true },
  BITOR: { category: eng, summary: bits('OR'), replaces: true },
  BITXOR: { category: eng, summary: bits('exclusive OR'), replaces: true },
  BITLSHIFT: { category: eng, summary: 'A number from 0 to 2^48-1 shifted left by up to 53 bits (right when negative).', replaces: true },
  BITRSHIFT: { category: eng, summary: 'A number from 0 to 2^48-1 shifted right by up to 53 bits (left when negative).', replaces: true },
  BASE: { category: 'Math and trigonometry', summary: 'A number as text in a radix from 2 to 36, padded to a minimum length; number and radix truncated, as in Excel.', replaces: true },
  DECIMAL: { category: 'Math and trigonometry', summary: 'A number from text in a radix from 2 to 36, its digits in either case (DECIMAL("zz", 36) is 1295).', replaces: true },
  CHOOSE: { category: 'Lookup and reference', summary: 'The value (or reference) at index_num among the values; the index truncated, #VALUE! outside 1 to their number, as in Excel.', replaces: true },
  CORREL: { category: stats, summary: 'Correlation coefficient of two data sets (also PEARSON); #DIV/0! when either has no variance, as in Excel.', replaces: true },
  RSQ: { category: stats, summary: 'Square of the correlation coefficient; #DIV/0! when either data set has no variance, as in Excel.', replaces: true },
  KURT: { category: stats, summary: 'Sample excess kurtosis; #DIV/0! with fewer than four values or none different, as in Excel; a reference to one cell counts only a number, as a range does.', replaces: true },
  AVEDEV: { category: stats, summary: 'Average absolute deviation from the mean; a reference to one cell counts only a number, as a range does (typed logicals and numeric text count), as in Excel.', replaces: true },
  DEVSQ: { category: stats, summary: 'Sum of squared deviations from the mean; a reference to one cell counts only a number, as a range does, as in Excel.', replaces: true },
  GEOMEAN: { category: stats, summary: 'Geometric mean; a reference to one cell counts only a number, as a range does, as in Excel.', replaces: true },
  HARMEAN: { category: stats, summary: 'Harmonic mean; a reference to one cell counts only a number, as a range does, as in Excel.', replaces: true },
  MEDIAN: { category: stats, summary: 'Median; a reference to one cell counts only a number, as a range does, as in Excel.', replaces: true },
  SKEW: { category: stats, summary: 'Sample skewness; a reference to one cell counts only a number, as a range does, as in Excel.', replaces: true },
  NPV: { category: 'Financial', summary: 'Net present value of periodic cash flows; a reference to one cell counts only a number, as a range does, as in Excel.', replaces: true },
  SUMPRODUCT: { category: 'Math and trigonometry', summary: 'Sum of the products of same-sized arrays; an entry that is text, a logical value or empty counts as 0 (--(A1:A3="x") makes numbers), as in Excel.', replaces: true },
  SUMX2MY2: { category: 'Math and trigonometry', summary: 'Sum of the differences of squares of paired values; a pair with text, a logical or an empty side is skipped, #DIV/0! when no pair is left, as in Excel.', replaces: true },
  SUMX2PY2: { category: 'Math and trigonometry', summary: 'Sum of the sums of squares of paired values; a pair with text, a logical or an empty side is skipped, #DIV/0! when no pair is left, as in Excel.', replaces: true },
  SUMXMY2: { category: 'Math and trigonometry', summary: 'Sum of squares of the differences of paired values; a pair with text, a logical or an empty side is skipped, #DIV/0! when no pair is left, as in Excel.', replaces: true },
  'SKEW.P': { category: stats, summary: 'Population skewness; a reference to one cell counts only a number, as a range does, as in Excel.', replaces: true },
  EDATE: { category: 'Date and time', summary: 'The date some months away (the count truncated), on the same day or the month\'s last day when it has fewer (EDATE(DATE(2024,1,31),1) is 29 February 2024).', replaces: true },
  EOMONTH: { category: 'Date and time', summary: 'The last day of the month some months away (the count truncated).', replaces: true },
  COUNTBLANK: { category: stats, summary: 'Number of empty cells in a range, cells whose formula gives "" included, as in Excel.', replaces: true },
  SUBSTITUTE: { category: text, summary: 'Text with old_text replaced by new_text, every time or only the instance_num-th (truncated; below 1 #VALUE!); an empty old_text changes nothing, as in Excel.', replaces: true },
  UPPER: { category: text, summary: 'Text in capitals, one character for one as Excel (UPPER("ß") stays ß).', replaces: true },
  LOWER: { category: text, summary: 'Text in small letters, one character for one as Excel.', replaces: true },
  PROPER: { category: text, summary: 'Each run of letters with its first letter in capitals and the others small, one character for one as Excel.', replaces: true },
  VALUE: { category: text, summary: 'A number from text as Excel reads one (thousands separators, percentages, currency, dates and times, (42) as -42); an empty cell is 0.', replaces: true },
  NUMBERVALUE: { category: text, summary: 'A number from text with given decimal and group separators: spaces ignored, trailing % signs divide by 100 each, "" is 0.', replaces: true },
  ...Object.fromEntries(Object.entries(IM).map(([name, what]) => [name, { category: eng, summary: `${what} of a complex number${complexNote}`, replaces: true }])),
  ...Object.fromEntries(Object.entries(IM_MANY).map(([name, what]) => [name, { category: eng, summary: `${what}${complexNote}`, replaces: true }])),
  'BETA.DIST': { category: stats, summary: 'Beta distribution on [A, B], cumulative or density, to 14 digits; x may be A or B, as in Excel.', replaces: true },
  'BETA.INV': { category: stats, summary: 'Inverse of the cumulative beta distribution on [A, B] (also BETAINV), solved to 14 digits; a probability of 1 is #NUM!, as in Excel.', replaces: true },
};
