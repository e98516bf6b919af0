// The OpenAPI 3.1 document, generated from the registry: one operation per op, inputs as path and
// query parameters (GET) or a JSON body, outputs as the op's response schema.
import { z } from 'zod';
import type { AnyOp } from '../core/op.ts';
import { EffectsOut } from '../core/workbook/effects.ts';

const ERROR_STATUSES = { 400: 'Invalid arguments', 401: 'Token missing, revoked or expired', 403: 'No rights on the file or space', 404: 'No such file in your space', 409: 'Version conflict', 413: 'Over a size limit', 429: 'Rate or concurrency limit exceeded; see Retry-After' };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

export function openApiDocument(ops: readonly AnyOp[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const path = op.http.path.replace(/:(\w+)/g, '{$1}');
    const pathParams = [...op.http.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const input = jsonSchema(op.input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const props = input.properties ?? {};
    const required = new Set(input.required ?? []);
    const parameters: unknown[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } }));
    let requestBody: unknown;
    const rest = Object.keys(props).filter((k) => !pathParams.includes(k));
    if (op.http.method === 'GET') {
      for (const name of rest) parameters.push({ name, in: 'query', required: required.has(name), schema: props[name] });
    } else if (rest.length) {
      const body = { type: 'object', properties: Object.fromEntries(rest.map((k) => [k, props[k]])), required: rest.filter((k) => required.has(k)), additionalProperties: false };
      requestBody = { required: body.required.length > 0, content: { 'application/json': { schema: body } } };
    }
    const ok = op.binary ? { description: 'The file', content: Object.fromEntries((op.binaryTypes ?? ['application/octet-stream']).map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) } : { description: 'OK', content: { 'application/json': { schema: jsonSchema(outputOf(op), 'output') } } };
    const responses: Record<string, unknown> = { 200: ok };
    for (const [status, description] of Object.entries(ERROR_STATUSES)) responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    paths[path] ??= {};
    paths[path]![op.http.method.toLowerCase()] = {
      operationId: op.name,
      summary: op.summary,
      tags: [op.area],
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses,
      'x-mcp-tool': op.name,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Spreadsheet service', version: '0.0.1', description: 'Spreadsheets for AI agents: REST and MCP over one op registry.' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'object' } } } },
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

/** A write's reply may also carry `effects` (core/workbook/effects.ts). */
function outputOf(op: AnyOp): z.ZodType {
  const out = op.output as z.ZodType;
  return !op.hints.readOnly && out instanceof z.ZodObject ? out.extend({ effects: EffectsOut.optional() }) : out;
}
