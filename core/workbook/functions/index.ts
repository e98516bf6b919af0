// Our function plugins for HyperFormula: the modern Excel functions it lacks, and NOW/TODAY on
// the service clock. Registered once, globally, before any engine is built (engine.ts).
import { HyperFormula, type FunctionPluginDefinition } from 'hyperformula';
import { ChooseLinesPlugin } from './choose-lines.ts';
import { ClockPlugin } from './clock.ts';
import { ConcatPlugin } from './concat.ts';
import { BOUND_FN, LetPlugin } from './let.ts';
import { SortByPlugin } from './sortby.ts';
import { TakeDropPlugin } from './take-drop.ts';
import { TextBeforeAfterPlugin } from './text-before-after.ts';
import { ToVectorPlugin } from './to-vector.ts';
import { XMatchPlugin } from './xmatch.ts';
import { DatedifPlugin } from './datedif.ts';
import { FilterPlugin } from './filter.ts';
import { FixedPlugin } from './fixed.ts';
import { IntPlugin } from './int.ts';
import { IsRefPlugin } from './isref.ts';
import { RankModePlugin } from './rank-mode.ts';
import { RegressionPlugin } from './regression.ts';
import { ReptPlugin } from './rept.ts';
import { RoundingPlugin } from './rounding.ts';
import { RegexPlugin } from './regex.ts';
import { ComplexPlugin } from './complex.ts';
import { BondsPlugin } from './bonds.ts';
import { xlookupPlugin } from './xlookup.ts';
import { romanPlugin } from './roman.ts';
import { GcdLcmPlugin } from './gcd-lcm.ts';
import { IndirectPlugin } from './indirect.ts';
import { CriteriaPlugin } from './criteria.ts';
import { CharProductPlugin, MiscPlugin } from './misc.ts';
import { LogicalPlugin } from './logical.ts';
import { LookupPlugin } from './lookup.ts';
import { MatrixPlugin } from './matrix.ts';
import { SinglePlugin } from './single.ts';
import { ConvertPlugin } from './convert.ts';
import { OddBondsPlugin } from './odd-bonds.ts';
import { ReferencesPlugin } from './references.ts';
import { financialPlugin } from './financial.ts';
import { BasesPlugin } from './bases.ts';
import { CountingPlugin } from './counting.ts';
import { DatabasePlugin } from './database.ts';
import { StackPlugin } from './stack.ts';
import { LAZY_IF_FN, LambdaPlugin } from './lambda.ts';
import { SpillPlugin } from './spills.ts';
import { SubtotalPlugin } from './subtotal.ts';
import { InfoPlugin } from './info.ts';
import { REPLACED_FUNCTIONS, REPLACEMENT_PLUGINS } from './replacements.ts';
import { ARRAY_FILL_FN, CALL_FN, ETA_FN, OPT_FN, RANGE_JOIN_FN, RANGE_SPILL_FN } from '../../formula/engine-names.ts';
import { GroupByPlugin } from './groupby.ts';
import { ArrayStatsPlugin } from './array-stats.ts';
import { BRIDGED, FormulajsPlugin } from './formulajs.ts';
import { guardFunctions } from './guard.ts';
import { TextFormatPlugin } from './text-format.ts';
import { DepreciationPlugin } from './depreciation.ts';
import { DurationPlugin } from './duration.ts';
import { EuroConvertPlugin } from './euro-convert.ts';
import { CurrencyTextPlugin } from './currency-text.ts';
import { WidthPlugin } from './text-width.ts';
import { TextBytesPlugin } from './text-bytes.ts';
import { PhoneticPlugin } from './phonetic.ts';
import { PercentOfPlugin } from './percent-of.ts';

export type { EngineContext } from './clock.ts';
export { BOUND_FN } from './let.ts';
/** The engine's own functions, never written by a user nor listed: LET's bound names, LAMBDA calls and optional parameters. */
export const HIDDEN_FUNCTIONS = [BOUND_FN, CALL_FN, OPT_FN, ETA_FN, LAZY_IF_FN, RANGE_SPILL_FN, ARRAY_FILL_FN, RANGE_JOIN_FN];

/** What docs/functions.md says about each function we add or replace (category as HyperFormula names them). */
export const ADDED_FUNCTIONS: Record<string, { category: string; summary: string; replaces?: boolean }> = {
  CONVERT: { category: 'Engineering', summary: 'A number from one unit of measure to another (CONVERT(1, "mi", "km")), with Excel\'s units, prefixes and constants.' },
  ODDFPRICE: { category: 'Financial', summary: 'Price per 100 face value of a security with an odd (short or long) first period.' },
  ODDFYIELD: { category: 'Financial', summary: 'Yield of a security with an odd (short or long) first period.' },
  ODDLPRICE: { category: 'Financial', summary: 'Price per 100 face value of a security with an odd last period.' },
  ODDLYIELD: { category: 'Financial', summary: 'Yield of a security with an odd last period.' },
  MIRR: { category: 'Financial', summary: 'Modified internal rate of return of periodic cash flows, with Excel\'s handling of zero flows.', replaces: true },
  DB: { category: 'Financial', summary: 'Fixed-declining-balance depreciation for a period, as Excel computes it (fractional periods, salvage above cost).', replaces: true },
  TBILLEQ: { category: 'Financial', summary: 'Bond-equivalent yield of a Treasury bill, with Excel\'s formula past 182 days.', replaces: true },
  IPMT: { category: 'Financial', summary: 'Interest part of a loan payment for a period (#NUM! outside 1 to nper).', replaces: true },
  PPMT: { category: 'Financial', summary: 'Principal part of a loan payment for a period (#NUM! outside 1 to nper).', replaces: true },
  BIN2OCT: { category: 'Engineering', summary: 'A number from base 2 to base 8, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  BIN2DEC: { category: 'Engineering', summary: 'A number from base 2 to base 10, as Excel does it (ten-digit two\'s complement for negatives).', replaces: true },
  BIN2HEX: { category: 'Engineering', summary: 'A number from base 2 to base 16, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  OCT2BIN: { category: 'Engineering', summary: 'A number from base 8 to base 2, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  OCT2DEC: { category: 'Engineering', summary: 'A number from base 8 to base 10, as Excel does it (ten-digit two\'s complement for negatives).', replaces: true },
  OCT2HEX: { category: 'Engineering', summary: 'A number from base 8 to base 16, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  DEC2BIN: { category: 'Engineering', summary: 'A number from base 10 to base 2, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  DEC2OCT: { category: 'Engineering', summary: 'A number from base 10 to base 8, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  DEC2HEX: { category: 'Engineering', summary: 'A number from base 10 to base 16, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  HEX2BIN: { category: 'Engineering', summary: 'A number from base 16 to base 2, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  HEX2OCT: { category: 'Engineering', summary: 'A number from base 16 to base 8, as Excel does it (ten-digit two\'s complement for negatives, places).', replaces: true },
  HEX2DEC: { category: 'Engineering', summary: 'A number from base 16 to base 10, as Excel does it (ten-digit two\'s complement for negatives).', replaces: true },
  'BINOM.DIST.RANGE': { category: 'Statistical', summary: 'Probability of a number of successes (or a range of them) in a binomial distribution.' },
  PERMUT: { category: 'Statistical', summary: 'Permutations of k items out of n (arguments truncated).' },
  ACOT: { category: 'Math and trigonometry', summary: 'Arccotangent, from 0 to pi.', replaces: true },
  DAYS360: { category: 'Date and time', summary: 'Days between two dates on a 360-day year, Excel\'s US or European rule.', replaces: true },
  DAVERAGE: { category: 'Database', summary: 'Average of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DCOUNT: { category: 'Database', summary: 'Count of numbers in a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DCOUNTA: { category: 'Database', summary: 'Count of non-empty cells in a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DGET: { category: 'Database', summary: 'The one value of a field (#VALUE! without a match, #NUM! with several) of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DMAX: { category: 'Database', summary: 'Largest number of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DMIN: { category: 'Database', summary: 'Smallest number of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DPRODUCT: { category: 'Database', summary: 'Product of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DSTDEV: { category: 'Database', summary: 'Sample standard deviation of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DSTDEVP: { category: 'Database', summary: 'Population standard deviation of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DSUM: { category: 'Database', summary: 'Sum of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DVAR: { category: 'Database', summary: 'Sample variance of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  DVARP: { category: 'Database', summary: 'Population variance of a field of the records that meet the criteria, as Excel computes it (text conditions match the beginning).', replaces: true },
  ROUND: { category: 'Math and trigonometry', summary: 'Rounds to a number of digits (truncated), half away from zero, on the decimal value shown.', replaces: true },
  ROUNDUP: { category: 'Math and trigonometry', summary: 'Rounds away from zero to a number of digits (truncated).', replaces: true },
  ROUNDDOWN: { category: 'Math and trigonometry', summary: 'Rounds towards zero to a number of digits (truncated).', replaces: true },
  TRUNC: { category: 'Math and trigonometry', summary: 'Cuts a number to a number of digits (truncated).', replaces: true },
  ISODD: { category: 'Information', summary: 'TRUE when the number, truncated, is odd; #VALUE! for a logical value.', replaces: true },
  ISEVEN: { category: 'Information', summary: 'TRUE when the number, truncated, is even; #VALUE! for a logical value.', replaces: true },
  INDEX: { category: 'Lookup and reference', summary: 'The value (or reference) at a row and column of a range or array; one index into a single row or column, 0 for a whole row or column, #REF! past the end.', replaces: true },
  VLOOKUP: { category: 'Lookup and reference', summary: 'A value from a column of a table, by the first column: exact (with wildcards) or approximate (binary search, as Excel).', replaces: true },
  HLOOKUP: { category: 'Lookup and reference', summary: 'A value from a row of a table, by the first row: exact (with wildcards) or approximate (binary search, as Excel).', replaces: true },
  MATCH: { category: 'Lookup and reference', summary: 'Position of a value in a row or column: exact (with wildcards) or the last not greater (not smaller for -1), as Excel.', replaces: true },
  VSTACK: { category: 'Lookup and reference', summary: 'Arrays one under another, short rows padded with #N/A.' },
  HSTACK: { category: 'Lookup and reference', summary: 'Arrays side by side, short columns padded with #N/A.' },
  WRAPROWS: { category: 'Lookup and reference', summary: 'A row or column cut into rows of wrap_count values (written as a number), the last padded.' },
  WRAPCOLS: { category: 'Lookup and reference', summary: 'A row or column cut into columns of wrap_count values (written as a number), the last padded.' },
  EXPAND: { category: 'Lookup and reference', summary: 'An array grown to rows x columns (written as numbers), padded with pad_with or #N/A.' },
  LAMBDA: { category: 'Logical', summary: 'A function with parameters ([b] optional): given a name and called by it (recursion included), called in place (LAMBDA(x, x*2)(3)), bound by LET, or passed to MAP, REDUCE, SCAN, BYROW, BYCOL and MAKEARRAY.' },
  ANCHORARRAY: { category: 'Lookup and reference', summary: "Excel's spill reference A1#: the whole array the formula in A1 spills (written A1#; #REF! when A1 does not spill). Re-spills when that array changes size." },
  TEXTSPLIT: { category: 'Text', summary: 'Text cut into columns (and rows) at delimiters, as an array; ignore_empty, match_mode 1 (any case) and pad_with as in Excel. Re-spills when the text changes the size.' },
  AGGREGATE: { category: 'Math and trigonometry', summary: 'SUBTOTAL\'s successor: 19 functions (1 AVERAGE ... 13 MODE.SNGL by reference; 14 LARGE, 15 SMALL, 16-19 percentiles and quartiles also of a computed array, with k) and options 0-7 leaving out nested SUBTOTAL/AGGREGATE, hidden rows and error values.' },
  AREAS: { category: 'Lookup and reference', summary: 'How many areas a reference has: 1 for every reference the engine computes (unions such as (A1,C3) are kept as written, not computed).' },
  INFO: { category: 'Information', summary: 'Facts about the environment: "numfile" (sheets in the workbook), "recalc" (Automatic), "release" (16.0), "system" (pcdos), "origin" ($A:$A$1); "directory" and "osversion" are #N/A on a server.' },
  SUBTOTAL: { category: 'Math and trigonometry', summary: 'An aggregate (1 AVERAGE ... 11 VAR.P) of references, leaving out cells that hold a SUBTOTAL or AGGREGATE, and with 101-111 hidden rows too, as in Excel (filters are not kept, so 1-11 count every row).', replaces: true },
  RANDARRAY: { category: 'Math and trigonometry', summary: 'A rows x columns array of random numbers from min to max (defaults 1, 1, 0, 1); whole_number TRUE draws whole numbers, both ends included. Volatile.' },
  SEQUENCE: { category: 'Math and trigonometry', summary: 'A rows x columns array of numbers from start by step; the counts may be computed (SEQUENCE(DAY(EOMONTH(A1,0)))), which the engine\'s own refused. Re-spills when they change.', replaces: true },
  TRIMRANGE: { category: 'Lookup and reference', summary: 'A range without its empty leading and trailing rows and columns (trim_rows, trim_cols: 0 none, 1 leading, 2 trailing, 3 both).' },
  ISOMITTED: { category: 'Logical', summary: "TRUE when a call of a LAMBDA left out that optional parameter." },
  MAP: { category: 'Logical', summary: 'Each value of one or more arrays through a LAMBDA.' },
  REDUCE: { category: 'Logical', summary: 'An array folded to one value by a LAMBDA(accumulator, value).' },
  SCAN: { category: 'Logical', summary: 'Every step of REDUCE, as an array.' },
  BYROW: { category: 'Logical', summary: 'One value per row of an array, from a LAMBDA(row).' },
  BYCOL: { category: 'Logical', summary: 'One value per column of an array, from a LAMBDA(column).' },
  MAKEARRAY: { category: 'Logical', summary: 'An array of rows x columns (written as numbers) filled by a LAMBDA(row, column).' },
  GROUPBY: { category: 'Lookup and reference', summary: 'A summary of values grouped by row fields, aggregated by a function passed by name (SUM, AVERAGE, COUNT, PERCENTOF, ...), a LAMBDA or an HSTACK/VSTACK of them; field headers, totals and subtotals (top or bottom), sort_order, filter_array and field_relationship as in Excel. Re-spills when the data changes.' },
  PIVOTBY: { category: 'Lookup and reference', summary: 'GROUPBY along rows and columns: values aggregated per row and column group, with row and column totals, sorts, filter_array and relative_to (the second argument of PERCENTOF: column, row, grand or parent totals). Re-spills when the data changes.' },
  ARRAYTOTEXT: { category: 'Text', summary: 'An array as text: format 0 "1, a, TRUE", format 1 as an array constant {1,"a";TRUE,#N/A}.' },
  FREQUENCY: { category: 'Statistical', summary: 'How many values fall in each bin (at most the bin, above the one below), plus one count past the last bin.' },
  'MODE.MULT': { category: 'Statistical', summary: 'Every most frequent number, in order of first appearance (#N/A when none repeats).' },
  LINEST: { category: 'Statistical', summary: 'Slope and intercept of the least-squares line (one x variable), and with stats the 5 x 2 table of Excel.' },
  LOGEST: { category: 'Statistical', summary: 'The exponential curve y = b*m^x fitted by least squares (one x variable), as LINEST.' },
  TREND: { category: 'Statistical', summary: 'Values on the least-squares line at new x (one x variable).' },
  GROWTH: { category: 'Statistical', summary: 'Values on the least-squares exponential curve at new x (one x variable).' },
  CELL: { category: 'Information', summary: 'What a reference is: CELL("address"|"row"|"col"|"contents"|"type", [reference]); the address of a cell on another sheet names the sheet (Sheet2!$A$1; Excel adds the file, [Book1.xlsx]Sheet2!$A$1); formats, widths and the file name are not supported.' },
  NOMINAL: { category: 'Financial', summary: 'Nominal annual rate from an effective rate and periods per year (truncated).', replaces: true },
  EFFECT: { category: 'Financial', summary: 'Effective annual rate from a nominal rate and periods per year (truncated).', replaces: true },
  SINGLE: { category: 'Lookup and reference', summary: "Excel's @ operator: the cell of a range in the formula's own row or column (implicit intersection), or an array's first value." },
  XMATCH: { category: 'Lookup and reference', summary: 'Position of a value in a row or column; exact, next smaller/larger or wildcard match; first-to-last, last-to-first or binary search.' },
  MMULT: { category: 'Matrix functions', summary: 'The matrix product of two arrays (columns of the first = rows of the second); dates and times are the numbers they are, and the first error in either array is the result.', replaces: true },
  SORT: { category: 'Lookup and reference', summary: "Sorts an array by one of its columns (or, by_col, rows): numbers, text, logicals, then errors, blanks last; stable. The engine's own gave the array's first error instead.", replaces: true },
  SORTBY: { category: 'Lookup and reference', summary: 'Sorts an array by one or more other arrays, each ascending or descending.' },
  LET: { category: 'Logical', summary: 'Binds names to values inside one formula: LET(name1, value1, ..., calculation).' },
  TAKE: { category: 'Lookup and reference', summary: 'The first (or, with a negative count, last) rows and columns of an array.' },
  DROP: { category: 'Lookup and reference', summary: 'An array without its first (or, negative, last) rows and columns.' },
  CHOOSECOLS: { category: 'Lookup and reference', summary: 'Chosen columns of an array, by number (negative counts from the end).' },
  CHOOSEROWS: { category: 'Lookup and reference', summary: 'Chosen rows of an array, by number (negative counts from the end).' },
  TOCOL: { category: 'Lookup and reference', summary: 'An array as one column, optionally skipping blanks and errors.' },
  TOROW: { category: 'Lookup and reference', summary: 'An array as one row, optionally skipping blanks and errors.' },
  TEXTBEFORE: { category: 'Text', summary: 'Text before the n-th delimiter (negative n counts from the end).' },
  TEXTAFTER: { category: 'Text', summary: 'Text after the n-th delimiter (negative n counts from the end).' },
  CONCAT: { category: 'Text', summary: 'Joins texts and ranges of text (the modern name of CONCATENATE).' },
  RANK: { category: 'Statistical', summary: 'Rank of a number in a list (0 or left out: largest first; 1: smallest first).' },
  'RANK.EQ': { category: 'Statistical', summary: 'Same as RANK.' },
  'RANK.AVG': { category: 'Statistical', summary: 'Rank of a number in a list; ties get their average rank.' },
  MODE: { category: 'Statistical', summary: 'The most frequent number (the first one to reach the top count).' },
  'MODE.SNGL': { category: 'Statistical', summary: 'Same as MODE.' },
  INTERCEPT: { category: 'Statistical', summary: 'Intercept of the least-squares line through pairs of numbers.' },
  FORECAST: { category: 'Statistical', summary: 'Value at x on the least-squares line through pairs of numbers.' },
  'FORECAST.LINEAR': { category: 'Statistical', summary: 'Same as FORECAST.' },
  FIXED: { category: 'Text', summary: 'A number as text with fixed decimals and, unless told otherwise, thousands separators.' },
  FILTER: { category: 'Lookup and reference', summary: 'Rows (or columns) of an array that meet a condition; if_empty when none do. Takes 2-D arrays, unlike the engine\'s own.', replaces: true },
  TEXT: { category: 'Text', summary: 'A value formatted with any spreadsheet number format ("0.00%", "mmm d, yyyy", "#,##0"). The engine\'s own knew only a few.', replaces: true },
  INT: { category: 'Math and trigonometry', summary: 'Rounds down to an integer (INT(-2.5) = -3; the engine\'s own truncated towards zero).', replaces: true },
  DATEDIF: { category: 'Date and time', summary: 'Whole years, months or days between dates; units in any case (the engine\'s own took upper case only).', replaces: true },
  ISREF: { category: 'Information', summary: 'TRUE when the argument is a reference (the engine\'s own tested for a #REF! error).', replaces: true },
  NOW: { category: 'Date and time', summary: 'Date and time now, from the service clock (SHEETS_NOW when set), in UTC.', replaces: true },
  TODAY: { category: 'Date and time', summary: 'Today\'s date, from the service clock (SHEETS_NOW when set), in UTC.', replaces: true },
  CEILING: { category: 'Math and trigonometry', summary: "Rounds up to a multiple of significance with Excel's rules (significance 0 gives 0; both negative rounds away from zero).", replaces: true },
  FLOOR: { category: 'Math and trigonometry', summary: "Rounds down to a multiple of significance with Excel's rules (both negative rounds towards zero; significance 0 is #DIV/0!).", replaces: true },
  'CEILING.MATH': { category: 'Math and trigonometry', summary: 'Rounds up to a multiple of |significance|; a nonzero mode rounds negative numbers away from zero.', replaces: true },
  'FLOOR.MATH': { category: 'Math and trigonometry', summary: 'Rounds down to a multiple of |significance|; a nonzero mode rounds negative numbers towards zero.', replaces: true },
  'CEILING.PRECISE': { category: 'Math and trigonometry', summary: 'Rounds up (towards +infinity) to a multiple of |significance|.', replaces: true },
  'ISO.CEILING': { category: 'Math and trigonometry', summary: 'Same as CEILING.PRECISE.', replaces: true },
  'FLOOR.PRECISE': { category: 'Math and trigonometry', summary: 'Rounds down (towards -infinity) to a multiple of |significance|.', replaces: true },
  REGEXTEST: { category: 'Text', summary: 'TRUE when the text matches a regular expression (case_sensitivity 1 ignores case). Patterns run with a time bound.' },
  REGEXEXTRACT: { category: 'Text', summary: 'The first match of a regular expression (#N/A when none). return_mode 1 and 2 (several cells) are not supported yet.' },
  REGEXREPLACE: { category: 'Text', summary: 'Text with matches of a regular expression replaced ($1, $<name> in the replacement); occurrence picks one (negative from the end).' },
  ...Object.fromEntries(Object.entries(BRIDGED).map(([name, b]) => [name, { category: b.category, summary: `${b.summary} (computed by formulajs)`, replaces: b.replaces }])),
  COMPLEX: { category: 'Engineering', summary: 'A complex number as text from its real and imaginary parts; an empty suffix means "i", as in Excel.', replaces: true },
  COUPPCD: { category: 'Financial', summary: 'The coupon date before settlement.' },
  COUPNCD: { category: 'Financial', summary: 'The coupon date after settlement.' },
  COUPNUM: { category: 'Financial', summary: 'Coupons payable between settlement and maturity.' },
  COUPDAYBS: { category: 'Financial', summary: 'Days from the start of the coupon period to settlement.' },
  COUPDAYS: { category: 'Financial', summary: 'Days in the coupon period that holds settlement.' },
  COUPDAYSNC: { category: 'Financial', summary: 'Days from settlement to the next coupon date.' },
  ACCRINT: { category: 'Financial', summary: 'Accrued interest of a security that pays periodic interest.' },
  ACCRINTM: { category: 'Financial', summary: 'Accrued interest of a security that pays interest at maturity.' },
  PRICE: { category: 'Financial', summary: 'Price per 100 face value of a security that pays periodic interest.' },
  INTRATE: { category: 'Financial', summary: 'Interest rate of a fully invested security.' },
  RECEIVED: { category: 'Financial', summary: 'Amount received at maturity of a fully invested security.' },
  PRICEDISC: { category: 'Financial', summary: 'Price per 100 face value of a discounted security.' },
  YIELDDISC: { category: 'Financial', summary: 'Annual yield of a discounted security.' },
  PRICEMAT: { category: 'Financial', summary: 'Price per 100 face value of a security that pays interest at maturity.' },
  YIELDMAT: { category: 'Financial', summary: 'Annual yield of a security that pays interest at maturity.' },
  YIELD: { category: 'Financial', summary: 'Yield of a security that pays periodic interest.' },
  XLOOKUP: { category: 'Lookup and reference', summary: 'Looks a value up in a row or column and returns the matching item: exact, next smaller/larger (any order), wildcards; first-to-last, last-to-first or binary searches, as Excel.', replaces: true },
  GCD: { category: 'Math and trigonometry', summary: 'Greatest common divisor; empty cells are left out, text or logical values are #VALUE!, as in Excel.', replaces: true },
  LCM: { category: 'Math and trigonometry', summary: 'Least common multiple; empty cells are left out (the engine\'s own counted them as 0), a 0 gives 0.', replaces: true },
  INDIRECT: { category: 'Lookup and reference', summary: 'The cell or range a text names ("B2", "Sheet2!A1:C3", R1C1 with a1 FALSE), as a reference: ROW(INDIRECT("A5")) is 5. Volatile.' },
  OFFSET: { category: 'Lookup and reference', summary: 'The reference rows and columns away from a reference, of a given height and width (negative ones reach up or left). Computed arguments are allowed; volatile then.', replaces: true },
  ROW: { category: 'Lookup and reference', summary: 'Row number of a reference (or of the formula\'s cell), OFFSET and INDIRECT included.', replaces: true },
  COLUMN: { category: 'Lookup and reference', summary: 'Column number of a reference (or of the formula\'s cell), OFFSET and INDIRECT included.', replaces: true },
  ROWS: { category: 'Lookup and reference', summary: 'Number of rows of a reference or array, OFFSET and INDIRECT included.', replaces: true },
  COLUMNS: { category: 'Lookup and reference', summary: 'Number of columns of a reference or array, OFFSET and INDIRECT included.', replaces: true },
  COUNTIF: { category: 'Statistical', summary: "Cells meeting a criterion, with Excel's criteria (blank cells count for \"<>x\"; a whole column counts every row).", replaces: true },
  COUNTIFS: { category: 'Statistical', summary: 'Cells meeting every criterion, criteria as in COUNTIF.', replaces: true },
  SUMIF: { category: 'Math and trigonometry', summary: 'Sum of the cells whose partner meets a criterion, criteria as in COUNTIF.', replaces: true },
  SUMIFS: { category: 'Math and trigonometry', summary: 'Sum of the cells meeting every criterion, criteria as in COUNTIF.', replaces: true },
  AVERAGEIF: { category: 'Statistical', summary: 'Average of the cells meeting a criterion; #DIV/0! when none does.', replaces: true },
  AVERAGEIFS: { category: 'Statistical', summary: 'Average of the cells meeting every criterion; #DIV/0! when none does.' },
  MINIFS: { category: 'Statistical', summary: 'Smallest number meeting every criterion (0 when none does).', replaces: true },
  MAXIFS: { category: 'Statistical', summary: 'Largest number meeting every criterion (0 when none does).', replaces: true },
  'ERROR.TYPE': { category: 'Information', summary: 'The number of an error value (#DIV/0! 2, #VALUE! 3, #REF! 4, #NAME? 5, #NUM! 6, #N/A 7); #N/A for a value that is no error.' },
  VALUETOTEXT: { category: 'Text', summary: 'A value as text; format 1 puts text in quotes.' },
  ENCODEURL: { category: 'Web', summary: 'Text escaped for use in a URL.' },
  MDETERM: { category: 'Math and trigonometry', summary: 'The determinant of a square matrix.' },
  ROMAN: { category: 'Math and trigonometry', summary: 'A number as Roman numerals (forms 0-4); ROMAN(0) is "" and numbers past 3999 are #VALUE!, as in Excel.', replaces: true },
  AND: { category: 'Logical', summary: 'TRUE when every logical value is TRUE; text and empty cells are left out, and with nothing to judge #VALUE!, as in Excel.', replaces: true },
  OR: { category: 'Logical', summary: 'TRUE when any logical value is TRUE; rules as AND.', replaces: true },
  XOR: { category: 'Logical', summary: 'TRUE when an odd number of logical values are TRUE; rules as AND.', replaces: true },
  LOOKUP: { category: 'Lookup and reference', summary: 'The last value not greater than lookup_value in a sorted row or column (errors skipped), and the value at that place in result_vector; the array form answers from the last row or column.' },
  CHAR: { category: 'Text', summary: 'The character of a code from 1 to 255, in Windows-1252 as Excel (CHAR(128) is €).', replaces: true },
  PRODUCT: { category: 'Math and trigonometry', summary: 'The product of the numbers; 0 when there is none, as in Excel.', replaces: true },
  MUNIT: { category: 'Math and trigonometry', summary: 'The identity matrix of a size written as a number (MUNIT(3)).' },
  MINVERSE: { category: 'Math and trigonometry', summary: 'The inverse of a square matrix; #NUM! when it has none.' },
  TYPE: { category: 'Information', summary: 'The kind of a value: 1 number, 2 text, 4 logical, 16 error, 64 array.' },
  REPT: { category: 'Text', summary: 'Text repeated a number of times; #VALUE! past 32,767 characters, as in Excel (the engine\'s own built the whole string first).', replaces: true },
  VDB: { category: 'Financial', summary: 'Depreciation between two (fractional) periods by declining balance at factor (default 2), switching to straight line when that is larger unless no_switch.' },
  AMORLINC: { category: 'Financial', summary: 'French linear depreciation for a period, the first prorated from the purchase date by the basis (actual/360, basis 2, is #NUM! as in Excel).' },
  AMORDEGRC: { category: 'Financial', summary: 'French degressive depreciation for a period: the rate times Excel\'s coefficient (1.5, 2 or 2.5 by the life), 50% then all of the rest in the last two periods, rounded to whole units; #NUM! for a life between 0 and 3 or 4 and 5 years.' },
  DURATION: { category: 'Financial', summary: 'Macaulay duration, in years, of a security that pays periodic interest.' },
  MDURATION: { category: 'Financial', summary: 'Modified duration: DURATION / (1 + yld / frequency).' },
  EUROCONVERT: { category: 'Financial', summary: 'An amount between the euro and its members\' legacy currencies (BEF, DEM, FRF, ... SIT) at the EU\'s fixed rates, rounded as Excel rounds each currency unless full_precision; triangulation_precision rounds the intermediate euros.' },
  DOLLAR: { category: 'Text', summary: 'A number as currency text, as Excel en-US writes it: "$1,234.57", negatives "($1,234.57)"; negative decimals round left of the point.' },
  BAHTTEXT: { category: 'Text', summary: 'A number in Thai words with baht and satang (BAHTTEXT(1234) is หนึ่งพันสองร้อยสามสิบสี่บาทถ้วน).' },
  ASC: { category: 'Text', summary: 'Full-width (double-byte) ASCII and katakana to half-width, as Japanese Excel converts them.' },
  DBCS: { category: 'Text', summary: 'Half-width ASCII and katakana to full-width (double-byte), as Japanese Excel converts them.' },
  JIS: { category: 'Text', summary: 'Same as DBCS (its Japanese name).' },
  LEFTB: { category: 'Text', summary: 'Same as LEFT: with an English default language Excel counts one byte per character.' },
  RIGHTB: { category: 'Text', summary: 'Same as RIGHT: with an English default language Excel counts one byte per character.' },
  MIDB: { category: 'Text', summary: 'Same as MID: with an English default language Excel counts one byte per character.' },
  LENB: { category: 'Text', summary: 'Same as LEN: with an English default language Excel counts one byte per character.' },
  FINDB: { category: 'Text', summary: 'Same as FIND: with an English default language Excel counts one byte per character.' },
  SEARCHB: { category: 'Text', summary: 'Same as SEARCH: with an English default language Excel counts one byte per character.' },
  REPLACEB: { category: 'Text', summary: 'Same as REPLACE: with an English default language Excel counts one byte per character.' },
  PHONETIC: { category: 'Text', summary: 'The furigana of Japanese text; none is stored, so the text of the cell (a range: its texts joined), as Excel gives for text without furigana.' },
  PERCENTOF: { category: 'Math and trigonometry', summary: 'The share a subset makes of the whole: SUM(data_subset)/SUM(data_all).' },
  ...REPLACED_FUNCTIONS,
};

const PLUGINS = [
  XMatchPlugin, SortByPlugin, LetPlugin, TakeDropPlugin, ChooseLinesPlugin, ToVectorPlugin, TextBeforeAfterPlugin, ConcatPlugin,
  RankModePlugin, RegressionPlugin, FixedPlugin,
  FilterPlugin, TextFormatPlugin, IntPlugin, DatedifPlugin, IsRefPlugin, ClockPlugin, ReptPlugin, RoundingPlugin, RegexPlugin, FormulajsPlugin, ComplexPlugin, BondsPlugin, GcdLcmPlugin, IndirectPlugin, CriteriaPlugin, MiscPlugin, CharProductPlugin, LogicalPlugin, LookupPlugin, MatrixPlugin, SinglePlugin, ConvertPlugin, OddBondsPlugin, ReferencesPlugin, BasesPlugin, CountingPlugin, DatabasePlugin, StackPlugin, LambdaPlugin, GroupByPlugin, ArrayStatsPlugin, SpillPlugin, SubtotalPlugin, InfoPlugin,
  DepreciationPlugin, DurationPlugin, EuroConvertPlugin, CurrencyTextPlugin, WidthPlugin, TextBytesPlugin, PhoneticPlugin, PercentOfPlugin,
  ...REPLACEMENT_PLUGINS,
] as unknown as FunctionPluginDefinition[];

let registered = false;

let engineFunctions: Set<string> | undefined;

/** Whether an upper-cased name is a function the engine computes (ours registered first). */
export function isEngineFunction(upper: string): boolean {
  registerFunctions();
  engineFunctions ??= new Set(HyperFormula.getRegisteredFunctionNames('enGB').map((n) => n.toUpperCase()));
  return engineFunctions.has(upper);
}

/** Registers our plugins (idempotent). Engines built before this call would not see them. */
export function registerFunctions(): void {
  if (registered) return;
  registered = true;
  // English names only: the engine is configured for enGB, and formulas are stored in English.
  // LET's hidden node needs a name too: HyperFormula evaluates only translated functions.
  const names = Object.fromEntries([...Object.keys(ADDED_FUNCTIONS), ...HIDDEN_FUNCTIONS].map((n) => [n, n]));
  for (const plugin of [...PLUGINS, xlookupPlugin() as unknown as FunctionPluginDefinition, romanPlugin() as unknown as FunctionPluginDefinition, financialPlugin() as unknown as FunctionPluginDefinition]) HyperFormula.registerFunctionPlugin(plugin, { enGB: names });
  guardFunctions();
}
