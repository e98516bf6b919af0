// Code cells (Python, JavaScript) end to end through REST and MCP (HTTP, SSE, stdio).
import { codeInputCases, jsStory, pythonStory } from './cases/code.ts';
import { runCases } from './helpers/run-cases.ts';
import { pythonMissing } from './helpers/tools.ts';

runCases('code cells', [codeInputCases, jsStory, ...(pythonMissing() ? [] : [pythonStory])], { sse: true });
