// Typed values in reads and replies, and issue 36's small frictions, through every door.
import { typedResultCases } from './cases/typed-results.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('typed results', typedResultCases, { sse: true });
