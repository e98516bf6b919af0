// Pictures in chartImages are hostile input: every kind of PNG the format allows prints (poppler
// reads the page), and a broken one is a 400 naming the key — never a crash of the server.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from './cases/types.ts';
import { restDoor } from './helpers/doors.ts';
import { encodePng, type PngSpec } from './helpers/png-encode.ts';
import { countNonBackground } from './helpers/png.ts';
import { pdfInfo, popplerMissing, renderPage } from './helpers/poppler.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let file: string;

async function exportWith(png: Buffer): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(`${server.url}/v1/files/${file}/export/pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ chartImages: { 'Sheet1!D2': png.toString('base64') } }),
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startServer();
  const door = restDoor(server);
  file = (await must(door, 'create_file', { name: 'pictures' })).uuid;
  await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['M', 'V'], ['a', '1'], ['b', '2']] });
  await must(door, 'add_chart', { file_uuid: file, chart_type: 'column', data_range: 'A1:B3', position: 'D2' });
});
afterAll(async () => server?.close());

const palette = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 0, 255]);
const good: [string, PngSpec][] = [
  ['RGB 8-bit', { width: 40, height: 30, colorType: 2, depth: 8 }],
  ['RGBA 8-bit', { width: 40, height: 30, colorType: 6, depth: 8 }],
  ['RGBA 16-bit', { width: 40, height: 30, colorType: 6, depth: 16 }],
  ['grey 1-bit', { width: 41, height: 30, colorType: 0, depth: 1 }],
  ['grey 16-bit', { width: 40, height: 30, colorType: 0, depth: 16 }],
  ['grey + alpha 8-bit', { width: 40, height: 30, colorType: 4, depth: 8 }],
  ['palette with transparency', { width: 40, height: 30, colorType: 3, depth: 8, plte: palette, trns: Buffer.from([255, 128, 0, 255]) }],
];

const rowBytes = 40 * 4;
const bad: [string, PngSpec, RegExp][] = [
  ['corrupt image data', { width: 40, height: 30, colorType: 6, depth: 8, idat: Buffer.from('certainly not zlib data at all') }, /image data is corrupt/],
  ['too little image data', { width: 40, height: 30, colorType: 6, depth: 8, raw: Buffer.alloc(10 * (rowBytes + 1)) }, /bytes of image data where its header needs/],
  ['an invalid row filter', { width: 40, height: 30, colorType: 6, depth: 8, raw: Buffer.alloc(30 * (rowBytes + 1), 7) }, /invalid filter/],
  ['a palette image without a palette', { width: 40, height: 30, colorType: 3, depth: 8 }, /without a palette/],
  ['a bit depth the format does not allow', { width: 40, height: 30, colorType: 2, depth: 4 }, /does not allow/],
];

describe('chartImages pictures', () => {
  it.each(good)('%s prints', async (_name, spec) => {
    const res = await exportWith(encodePng(spec));
    expect(res.status).toBe(200);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    if (popplerMissing()) return;
    expect(pdfInfo(res.body).pages).toBe(2); // the chart (D..I) runs onto a second page
    expect(countNonBackground(renderPage(res.body, 1, 36))).toBeGreaterThan(100);
  });

  it.each(bad)('%s is a 400 naming the key', async (_name, spec, words) => {
    const res = await exportWith(encodePng(spec));
    expect(res.status).toBe(400);
    const err = JSON.parse(res.body.toString()).error;
    expect(err.message).toMatch(/^chartImages\.Sheet1!D2: /);
    expect(err.message).toMatch(words);
  });

  it('an interlaced PNG is a 400; the server is still up after all of these', async () => {
    const png = encodePng({ width: 4, height: 4, colorType: 2, depth: 8, idat: deflateSync(Buffer.alloc(64)) });
    png[28] = 1; // interlace method in IHDR (the CRC is not checked by the export)
    const res = await exportWith(png);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString()).error.message).toMatch(/interlaced/);
    expect((await server.request('GET', '/healthz')).status).toBe(200);
  });
});
