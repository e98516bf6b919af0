// Binary results (PDF, xlsx, CSV exports, chart images) over MCP. A PNG or JPEG chart is `image`
// content, so the model can look at it. Over HTTP everything else is a signed download link
// (core/export-links.ts) that any HTTP client can fetch for 15 minutes, not base64 in the result.
// Over stdio (no HTTP server to serve a link) a small file travels inline as an embedded resource;
// a bigger one stays on this connection's shelf and the result carries a resource_link the client
// reads (resources/read) when it wants the bytes.
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

type Linker = (item: { name: string; mimeType: string; body: Buffer }) => { url: string; expires: Date };

export const EXPORT_URI = /^sheets:\/\/exports\/([0-9a-f-]{36})\/(.+)$/;

export class ExportShelf {
  private readonly items = new Map<string, Shelved>();

  result(op: AnyOp, out: BinaryResult, maxChars: number, link?: Linker): CallToolResult {
    // Several files (export_files): each part is handed out as a file of its own, in order, with
    // the room for inline bytes shared between them.
    if (out.parts) {
      const results = out.parts.map((p) => this.result(op, p, Math.floor(maxChars / out.parts!.length), link));
      return { content: results.flatMap((r) => r.content) };
    }
    const name = out.fileName ?? op.name;
    // An export says what it carries (core/io/export-summary.ts), so the agent can check it.
    const summary = `${name} (${out.contentType}, ${out.body.length} bytes)${out.summary ? `; written: ${JSON.stringify(out.summary)}` : ''}`;
    const fits = Math.ceil(out.body.length / 3) * 4 + 500 <= maxChars;
    if (fits && (out.contentType === 'image/png' || out.contentType === 'image/jpeg')) {
      return { content: [{ type: 'text', text: summary }, { type: 'image', data: out.body.toString('base64'), mimeType: out.contentType }] };
    }
    if (link) {
      const { url, expires } = link({ name, mimeType: out.contentType, body: out.body });
      return {
        content: [
          { type: 'text', text: `${summary}: download ${url} (until ${expires.toISOString()}; the link is the key, no token needed)` },
          { type: 'resource_link', uri: url, name, mimeType: out.contentType, size: out.body.length } as CallToolResult['content'][number],
        ],
      };
    }
    if (fits) {
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
