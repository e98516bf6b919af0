// Binary results (PDF, xlsx, CSV exports) over MCP. Small ones travel inline as an embedded
// resource; one that would break the result ceiling stays on this connection's shelf for a while
// and the result carries a resource_link the client reads (resources/read) when it wants the bytes.
import { randomUUID } from 'node:crypto';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { AnyOp, BinaryResult } from '../core/op.ts';

const KEEP_MS = 15 * 60_000;
const MAX_ITEMS = 10;

interface Shelved {
  name: string;
  mimeType: string;
  body: Buffer;
  until: number;
}

export const EXPORT_URI = /^sheets:\/\/exports\/([0-9a-f-]{36})\/(.+)$/;

export class ExportShelf {
  private readonly items = new Map<string, Shelved>();

  result(op: AnyOp, out: BinaryResult, maxChars: number): CallToolResult {
    const name = out.fileName ?? op.name;
    const summary = `${name} (${out.contentType}, ${out.body.length} bytes)`;
    if (Math.ceil(out.body.length / 3) * 4 + 500 <= maxChars) {
      return { content: [{ type: 'text', text: summary }, { type: 'resource', resource: { uri: `sheets://exports/${encodeURIComponent(name)}`, mimeType: out.contentType, blob: out.body.toString('base64') } }] };
    }
    const id = randomUUID();
    this.prune();
    this.items.set(id, { name, mimeType: out.contentType, body: out.body, until: Date.now() + KEEP_MS });
    const uri = `sheets://exports/${id}/${encodeURIComponent(name)}`;
    return {
      content: [
        { type: 'text', text: `${summary}: too large to include; read the resource ${uri} within 15 minutes (this connection only).` },
        { type: 'resource_link', uri, name, mimeType: out.contentType, size: out.body.length } as CallToolResult['content'][number],
      ],
    };
  }

  read(uri: string): ReadResourceResult | undefined {
    const m = EXPORT_URI.exec(uri);
    const item = m ? this.items.get(m[1]!) : undefined;
    if (!item || item.until < Date.now()) return undefined;
    return { contents: [{ uri, mimeType: item.mimeType, blob: item.body.toString('base64') }] };
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, item] of this.items) if (item.until < now) this.items.delete(id);
    while (this.items.size >= MAX_ITEMS) this.items.delete(this.items.keys().next().value!);
  }
}
