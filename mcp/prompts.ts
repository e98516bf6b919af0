// MCP prompts from prompts/prompts.ts: list them, and render one with the file's context attached
// as an embedded resource (read as the caller, like any tool call).
import { ErrorCode, McpError, type GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { asOpError } from '../core/errors.ts';
import { findOp } from '../core/registry.ts';
import { FileId } from '../core/schemas.ts';
import type { ToolRef } from '../prompts/instructions.ts';
import { PROMPTS } from '../prompts/prompts.ts';
import { contextUri } from './resources.ts';
import { fitJson, type ResultLimits } from './results.ts';
import type { OpRunner, Registrar } from './handler-types.ts';

export function registerPrompts(server: Registrar, ctx: { run: OpRunner; ref: ToolRef; limits: ResultLimits }): void {
  server.on('prompts/list', async () => ({
    prompts: PROMPTS.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments })),
  }));

  server.on('prompts/get', async (req, extra): Promise<GetPromptResult> => {
    const def = PROMPTS.find((p) => p.name === req.params.name);
    if (!def) throw new McpError(ErrorCode.InvalidParams, `No prompt named '${req.params.name}'; prompts are ${PROMPTS.map((p) => p.name).join(', ')}.`);
    const args: Record<string, string> = req.params.arguments ?? {};
    for (const a of def.arguments) if (a.required && !args[a.name]) throw new McpError(ErrorCode.InvalidParams, `${a.name}: is required`);
    const known = new Set(def.arguments.map((a) => a.name));
    const extraArg = Object.keys(args).find((k) => !known.has(k));
    if (extraArg) throw new McpError(ErrorCode.InvalidParams, `${extraArg}: unknown argument; this prompt takes ${[...known].join(', ')}`);
    if (args.file_uuid !== undefined && !FileId.safeParse(args.file_uuid).success) throw new McpError(ErrorCode.InvalidParams, 'file_uuid: must be a file uuid (from list_files or create_file)');
    const messages: GetPromptResult['messages'] = [{ role: 'user', content: { type: 'text', text: def.text(args, ctx.ref) } }];
    if (def.withContext) {
      let context: unknown;
      try {
        context = await ctx.run(extra, findOp('get_context')!, { file_uuid: args.file_uuid });
      } catch (err) {
        const e = asOpError(err);
        throw new McpError(ErrorCode.InvalidParams, e.code === 'internal' ? 'Internal error; it has been logged.' : `${e.code}: ${e.message}`);
      }
      messages.push({ role: 'user', content: { type: 'resource', resource: { uri: contextUri(args.file_uuid!), mimeType: 'application/json', text: fitJson(context, ctx.limits) } } });
    }
    return { description: def.description, messages };
  });
}
