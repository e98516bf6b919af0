// The JavaScript runner alone: concurrent runs each get their own isolate, and a run's globals
// never leak into the next one.
import { describe, expect, it } from 'vitest';
import { JsRunner } from '../core/code/sandbox/js.ts';
import { limitsOf } from '../core/code/runners.ts';
import { loadConfig } from '../core/config.ts';

const runner = new JsRunner(limitsOf(loadConfig({}).code));
const read = async () => [[1]];

describe('JsRunner', () => {
  it('runs many at once, each in its own isolate', async () => {
    const out = await Promise.all(Array.from({ length: 12 }, (_, i) => runner.run({ language: 'javascript', code: `globalThis.mine = ${i}; let s = 0; for (let k = 0; k < 1e5; k++) s += k; mine`, label: 'A1', read })));
    expect(out.map((r) => (r.ok && r.value.kind === 'scalar' ? r.value.v : r))).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('starts every run with fresh globals', async () => {
    await runner.run({ language: 'javascript', code: 'globalThis.leak = "secret"; 1', label: 'A1', read });
    const next = await runner.run({ language: 'javascript', code: 'typeof leak', label: 'A1', read });
    expect(next).toMatchObject({ ok: true, value: { kind: 'scalar', v: 'undefined' } });
  });
});
