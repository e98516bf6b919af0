// Lone surrogates at every door: refused with a 400 naming the field, nothing changed; inside
// imported files, replaced with U+FFFD.
import { unicodeCases } from './cases/unicode.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('unicode', unicodeCases);
