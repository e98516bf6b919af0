// Harness support (copy, history, fixed clock) through every door.
import { AGENTS_NOW, agentCases } from './cases/agents.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('agents', agentCases, { env: { SHEETS_NOW: AGENTS_NOW } });
