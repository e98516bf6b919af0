// The MCP door for 2025 sessions (protocol 2025-11-25, 2025-06-18 and older) over Streamable
// HTTP and legacy SSE: the 1.x SDK's low-level Server, answering with the core's handlers
// (mcp/core.ts). 2026-07-28 requests and stdio are served by the v2 SDK (mcp/modern.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CancelTaskRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListTasksRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { CAPABILITIES, SERVER_INFO, mcpCore, type Extra, type McpMethod, type McpOptions } from './core.ts';

export { SERVER_INFO, type Extra, type McpOptions, type OpRunner } from './core.ts';
export { errorResult, toolRef, type ToolSurface } from './texts.ts';

const SCHEMAS = {
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
  'completion/complete': CompleteRequestSchema,
  'logging/setLevel': SetLevelRequestSchema,
  'tasks/get': GetTaskRequestSchema,
  'tasks/result': GetTaskPayloadRequestSchema,
  'tasks/list': ListTasksRequestSchema,
  'tasks/cancel': CancelTaskRequestSchema,
} satisfies Record<McpMethod, unknown>;

export function buildMcpServer(opts: McpOptions): Server {
  let server: Server | undefined = undefined;
  // Tasks are the core's (mcp/tasks.ts), not the SDK's: its task handlers mark a cancelled task
  // but do not stop the work, and the v2 SDK (stdio) has none.
  const core = mcpCore(opts, (params) => server!.sendLoggingMessage(params), (n) => server!.notification(n as never));
  server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: core.instructions });
  const s = server;
  core.register({
    on: (method, handler) => s.setRequestHandler(SCHEMAS[method] as typeof ListToolsRequestSchema, ((req: never, extra: Extra) => handler(req, extra)) as never),
  });
  const closed = s.onclose;
  s.onclose = () => {
    core.close();
    closed?.();
  };
  return s;
}
