// Download links for exports: signed, short-lived, served without a token, refused when forged,
// altered or expired; over MCP HTTP an export_pdf result is such a link, not base64.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportLinks } from '../core/export-links.ts';
import { mcpHttpDoor } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

describe('ExportLinks', () => {
  it('serves an item with its signature until it expires, and nothing else', () => {
    let now = 1_000_000;
    const links = new ExportLinks('k', () => now);
    const { path } = links.put({ name: 'a.pdf', mimeType: 'application/pdf', body: Buffer.from('%PDF') });
    const m = /^\/v1\/exports\/([0-9a-f-]{36})\/a\.pdf\?expires=(\d+)&sig=([\w-]+)$/.exec(path)!;
    expect(links.get(m[1]!, m[2]!, m[3]!)?.body.toString()).toBe('%PDF');
    expect(links.get(m[1]!, String(Number(m[2]) + 1000), m[3]!)).toBeUndefined();
    const altered = `${m[3]!.slice(0, -2)}${m[3]!.at(-2) === 'A' ? 'B' : 'A'}${m[3]!.at(-1)}`;
    expect(links.get(m[1]!, m[2]!, altered)).toBeUndefined();
    expect(new ExportLinks('other', () => now).get(m[1]!, m[2]!, m[3]!)).toBeUndefined();
    now += 16 * 60_000;
    expect(links.get(m[1]!, m[2]!, m[3]!)).toBeUndefined();
  });
});

describe('exports over MCP HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it('come as a download link any HTTP client can fetch, without a token', async () => {
    const door = await mcpHttpDoor(s);
    try {
      const file = (await s.request('POST', '/v1/files', { body: { name: 'linked' } })).body.uuid;
      await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['hello']] } });
      const out: any = await door.client.callTool({ name: 'export_pdf', arguments: { file_uuid: file } });
      expect(out.content.some((c: any) => c.type === 'resource' || c.blob)).toBe(false);
      const link = out.content.find((c: any) => c.type === 'resource_link');
      expect(link).toMatchObject({ mimeType: 'application/pdf', name: 'linked.pdf' });
      expect(out.content[0].text).toMatch(/^linked\.pdf \(application\/pdf, \d+ bytes\): download http:\/\/.*\/v1\/exports\/.* \(until /);
      const got = await fetch(link.uri);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await got.arrayBuffer()).subarray(0, 4).toString()).toBe('%PDF');
      const forged = await fetch(link.uri.replace(/sig=[\w-]+/, 'sig=xyz'));
      expect(forged.status).toBe(404);
      expect((await forged.json()).error.message).toMatch(/unknown or has expired/);
    } finally {
      await door.close();
    }
  });
});
