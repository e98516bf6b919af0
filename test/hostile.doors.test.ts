// Hostile Python and JavaScript through REST and MCP over HTTP: a clear error, a healthy server.
import { HOSTILE_ENV, hostileJs, hostilePython } from './cases/hostile.ts';
import { runCases } from './helpers/run-cases.ts';
import { pythonMissing } from './helpers/tools.ts';

runCases('hostile code', [hostileJs, ...(pythonMissing() ? [] : [hostilePython])], { doors: ['rest', 'mcp-http'], env: HOSTILE_ENV });
