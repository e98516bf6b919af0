// Charts, rules, tables and pivots following structure edits, moves and clears, through every door.
import { followCases } from './cases/objects-follow.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('objects follow the sheet', followCases);
