// Code cells as sheet objects, over REST: loops between code cells stop with an error, copies of a
// sheet get their own code cells, a deleted input sheet is an error, and structural edits, clears
// and moves carry code cells along; has-data, find/replace and dependencies see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => s?.close());

const put = (file: string, cell: string, code: string, sheet?: string) => s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell, language: 'javascript', code, ...(sheet ? { sheet } : {}) } });
const read = async (file: string, range: string, sheet?: string) => (await s.request('GET', `/v1/files/${file}/cells?range=${encodeURIComponent(range)}${sheet ? `&sheet=${sheet}` : ''}`)).body.values;
const code = async (file: string, cell: string, sheet?: string) => (await s.request('GET', `/v1/files/${file}/cells/code?cell=${cell}${sheet ? `&sheet=${sheet}` : ''}`)).body;

async function settle(file: string, cell: string, sheet?: string): Promise<any> {
  for (let i = 0; i < 40; i++) {
    const cc = await code(file, cell, sheet);
    if (cc.status === 'done' || cc.status === 'error') {
      // A rerun may be queued by another cell's result a moment later: look twice.
      await new Promise((r) => setTimeout(r, 150));
      const again = await code(file, cell, sheet);
      if (again.task_id === cc.task_id) return cc;
      continue;
    }
    await s.request('GET', `/v1/tasks/${cc.task_id}/wait?timeout_ms=20000`);
  }
  throw new Error(`${cell} did not settle`);
}

async function newFile(name: string, sheets?: string[]): Promise<string> {
  return (await s.request('POST', '/v1/files', { body: { name, ...(sheets ? { sheets } : {}) } })).body.uuid;
}

describe('reruns', () => {
  it('two code cells reading each other stop with a circular-dependency error instead of looping', async () => {
    const file = await newFile('loop');
    await put(file, 'A1', '(cell("B1") ?? 0) + 1');
    await settle(file, 'A1');
    await put(file, 'B1', '(cell("A1") ?? 0) + 1');
    // The runs chase each other a few times; wait until one of them stops with the loop error.
    let a: any, b: any;
    for (let i = 0; i < 100; i++) {
      [a, b] = [await code(file, 'A1'), await code(file, 'B1')];
      if ([a, b].some((c) => c.status === 'error') && [a, b].every((c) => c.status === 'done' || c.status === 'error')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Concurrent runs may close the loop from either side; at least one side says why it stopped.
    const errors = [a, b].filter((c) => c.status === 'error');
    expect(errors.length).toBeGreaterThanOrEqual(1);
    for (const e of errors) expect(e.error).toMatch(/Circular dependency between code cells/);
    // And it has stopped: wait for both cells' latest runs; a rerun is queued in the same commit
    // that stores a result, so once the latest runs are finished and no newer one appeared, no
    // run is left to queue another. A loop that never stopped would fail the bound.
    let settled = false;
    for (let i = 0; i < 20 && !settled; i++) {
      for (const c of [a, b]) await s.request('GET', `/v1/tasks/${c.task_id}/wait?timeout_ms=20000`);
      const [a2, b2] = [await code(file, 'A1'), await code(file, 'B1')];
      settled = a2.task_id === a.task_id && b2.task_id === b.task_id && [a2, b2].every((c) => c.status === 'done' || c.status === 'error');
      [a, b] = [a2, b2];
    }
    expect(settled).toBe(true);
  });

  it('a chain of code cells reruns in order when the first input changes', async () => {
    const file = await newFile('chain');
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['2']] } });
    await put(file, 'B1', 'cell("A1") * 10');
    await settle(file, 'B1');
    await put(file, 'C1', 'cell("B1") + 1');
    await settle(file, 'C1');
    expect(await read(file, 'A1:C1')).toEqual([['2', '20', '21']]);
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['5']] } });
    await settle(file, 'B1');
    await settle(file, 'C1');
    expect(await read(file, 'A1:C1')).toEqual([['5', '50', '51']]);
    const ctx = (await s.request('GET', `/v1/files/${file}/context`)).body.code_cells;
    expect(ctx.find((c: any) => c.cell === 'B1')).toMatchObject({ reads: ['Sheet1!A1'], read_by: ['Sheet1!C1'] });
  });

  it('a code cell reading another sheet reruns when that sheet changes, and errors when it is deleted', async () => {
    const file = await newFile('sheets', ['Report', 'Data']);
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'Data!A1', values: [['7']] } });
    await put(file, 'A1', 'cell("Data!A1") * 2', 'Report');
    await settle(file, 'A1', 'Report');
    expect(await read(file, 'A1', 'Report')).toEqual([['14']]);
    await s.request('DELETE', `/v1/files/${file}/sheets`, { body: { sheet: 'Data' } });
    const cc = await settle(file, 'A1', 'Report');
    expect(cc.status).toBe('error');
    expect(cc.error).toMatch(/no sheet named 'Data'/);
  });
});

describe('sheet copies', () => {
  it('a duplicated sheet gets its own code cells, reading the copy', async () => {
    const file = await newFile('dup');
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['3']] } });
    await put(file, 'B1', 'cell("A1") + 100');
    await settle(file, 'B1');
    const dup = await s.request('POST', `/v1/files/${file}/sheets/duplicate`, { body: { sheet: 'Sheet1', new_name: 'Copy' } });
    expect(dup.status).toBe(200);
    expect(await read(file, 'A1:B1', 'Copy')).toEqual([['3', '103']]);
    const original = await code(file, 'B1');
    const copy = await code(file, 'B1', 'Copy');
    expect(copy.reads).toEqual(['A1']);
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'Copy!A1', values: [['4']] } });
    await settle(file, 'B1', 'Copy');
    expect(await read(file, 'A1:B1', 'Copy')).toEqual([['4', '104']]);
    expect(await read(file, 'A1:B1')).toEqual([['3', '103']]);
    expect((await code(file, 'B1')).task_id).toBe(original.task_id);
  });
});

describe('structure, clear, move, has-data, replace and dependencies', () => {
  it('inserting a row above moves the code cell and its result; the references in its code follow', async () => {
    const file = await newFile('insert');
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['1'], ['2']] } });
    await put(file, 'C1', 'cells("A1:A2").map(r => [r[0] * 3])');
    await settle(file, 'C1');
    expect((await s.request('POST', `/v1/files/${file}/columns`, { body: { at: '1', count: 1 } })).status).toBe(200);
    const cc = await settle(file, 'C2');
    expect(cc).toMatchObject({ cell: 'C2', result_range: 'C2:C3', reads: ['A2:A3'], code: 'cells("A2:A3").map(r => [r[0] * 3])', status: 'done' });
    expect(await read(file, 'C1:C3')).toEqual([[''], ['3'], ['6']]);
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A3', values: [['10']] } });
    await settle(file, 'C2');
    expect(await read(file, 'C2:C3')).toEqual([['3'], ['30']]);
  });

  it('deleting the rows an input sat in turns its reference into #REF!', async () => {
    const file = await newFile('delete-input');
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['1'], ['2']] } });
    await put(file, 'C3', 'cell("A2") * 2');
    await settle(file, 'C3');
    await s.request('DELETE', `/v1/files/${file}/columns`, { body: { indices: [2] } });
    const cc = await settle(file, 'C2');
    expect(cc.code).toBe('cell("#REF!") * 2');
    expect(cc.status).toBe('error');
  });

  it('clearing the anchor removes the code cell and its whole result', async () => {
    const file = await newFile('clear');
    await put(file, 'B2', '[[1, 2], [3, 4]]');
    await settle(file, 'B2');
    expect((await s.request('DELETE', `/v1/files/${file}/cells`, { body: { range: 'B2' } })).status).toBe(200);
    expect((await s.request('GET', `/v1/files/${file}/cells/code?cell=B2`)).status).toBe(404);
    expect(await read(file, 'B2:C3')).toEqual([['', ''], ['', '']]);
  });

  it('moving the whole result moves the code cell with it', async () => {
    const file = await newFile('move');
    await put(file, 'A1', '[[1, 2], [3, 4]]');
    await settle(file, 'A1');
    expect((await s.request('POST', `/v1/files/${file}/cells/move`, { body: { source: 'A1:B2', target: 'D5' } })).status).toBe(200);
    expect(await code(file, 'D5')).toMatchObject({ cell: 'D5', result_range: 'D5:E6', status: 'done' });
    expect(await read(file, 'D5:E6')).toEqual([['1', '2'], ['3', '4']]);
    await put(file, 'D5', '[[9]]');
    await settle(file, 'D5');
    expect(await read(file, 'D5:E6')).toEqual([['9', ''], ['', '']]);
  });

  it('has_data sees a queued code cell and its result; get_dependencies shows its edges', async () => {
    const file = await newFile('seams');
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['5']] } });
    await put(file, 'B1', '[[cell("A1")], [2]]');
    await settle(file, 'B1');
    const has = (await s.request('GET', `/v1/files/${file}/cells/has-data?range=B1:B2`)).body;
    expect(has).toMatchObject({ has_data: true, output_cells: 2, objects: ['code cell B1 (javascript)'] });
    const fwd = (await s.request('GET', `/v1/files/${file}/cells/dependencies?cell=B1&direction=forward`)).body;
    expect(fwd.forward).toEqual(['A1']);
    const rev = (await s.request('GET', `/v1/files/${file}/cells/dependencies?cell=A1&direction=reverse`)).body;
    expect(rev.reverse).toEqual(['B1']);
  });

  it('find_replace with code: true edits sources and reruns them', async () => {
    const file = await newFile('replace');
    await put(file, 'A1', '"old" + "!"');
    await settle(file, 'A1');
    const rep = await s.request('POST', `/v1/files/${file}/cells/replace`, { body: { find: 'old', replace: 'new', code: true } });
    expect(rep.body.code_changes).toEqual([{ cell: 'A1', before: '"old" + "!"', after: '"new" + "!"' }]);
    await settle(file, 'A1');
    expect(await read(file, 'A1')).toEqual([['new!']]);
  });
});
