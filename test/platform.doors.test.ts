// Files, sheets, basic cells and batch through every door.
import { platformCases } from './cases/platform.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('platform', platformCases, { sse: true });
