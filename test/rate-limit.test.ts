// Rate limits per token: 429 with Retry-After and X-RateLimit-* over REST; over MCP the tool
// result is an error that says when to retry, never a success.
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpError } from '../core/errors.ts';
import { RateLimits } from '../core/rate-limit.ts';
import { mcpHttpDoor } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ SHEETS_RATE_PER_SEC: '2', SHEETS_RATE_BURST: '4', SHEETS_MAX_INFLIGHT: '2', SHEETS_MCP_RATE_WAIT_MS: '0' });
});
afterAll(async () => s?.close());

/**
 * Lets the buckets refill without waiting: the limiter reads the time from Date.now(), so the
 * test moves the date forward (timers stay real) instead of sleeping.
 */
function advance(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}
afterEach(() => vi.useRealTimers());

describe('rate limits', () => {
  it('answers 429 past the burst, with Retry-After and X-RateLimit headers', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await s.request('GET', '/v1/auth/me'));
    expect(results.slice(0, 4).every((r) => r.status === 200)).toBe(true);
    expect(results[0]!.headers.get('x-ratelimit-limit')).toBe('2');
    const limited = results.find((r) => r.status === 429)!;
    expect(limited).toBeDefined();
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited' });
  });

  it('counts per token: another token is not limited by the first', async () => {
    advance(2200);
    const t = (await s.request('POST', '/v1/tokens', { body: { user_name: 'second', role: 'viewer' } })).body.token;
    for (let i = 0; i < 8; i++) await s.request('GET', '/v1/auth/me');
    expect((await s.request('GET', '/v1/auth/me', { token: t })).status).toBe(200);
  });

  it('with SHEETS_MCP_RATE_WAIT_MS=0, reports a limited MCP tool call as an error result that says when to retry', async () => {
    advance(5200);
    const door = await mcpHttpDoor(s);
    try {
      const outs = [];
      for (let i = 0; i < 8; i++) outs.push(await door.client.callTool({ name: 'get_me', arguments: {} }));
      const limited = outs.find((o) => o.isError);
      expect(limited).toBeDefined();
      expect((limited!.content as any)[0].text).toMatch(/rate_limited.*retry after \d+ s/is);
      // The same structured error as REST's 429 body.
      expect((limited!.structuredContent as any).error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/retry after \d+ s/i) });
      expect((limited!.structuredContent as any).error.details.retry_after).toBeGreaterThan(0);
    } finally {
      await door.close();
    }
  });
});

describe('the token bucket', () => {
  it('refills: after a drained burst of 30 and 3.5 s idle, 30 requests fit again (DESIGN.md §4)', async () => {
    let now = 1_000_000;
    const limits = new RateLimits({ perSec: 10, burst: 30, maxInFlight: 1000 }, undefined, () => now);
    const burst = async () => {
      let ok = 0;
      for (let i = 0; i < 40; i++) {
        try {
          await limits.take('t');
          ok++;
        } catch (err) {
          expect((err as OpError).code).toBe('rate_limited');
        }
      }
      return ok;
    };
    expect(await burst()).toBe(30);
    now += 3500;
    expect(await burst()).toBe(30);
    now += 1000;
    expect(await burst()).toBe(10);
  });

  it('says how many are left and when the bucket is full again', async () => {
    let now = 0;
    const limits = new RateLimits({ perSec: 10, burst: 30, maxInFlight: 1000 }, undefined, () => now);
    expect(await limits.take('t')).toMatchObject({ limit: 10, remaining: 29, resetSec: 1 });
    for (let i = 0; i < 28; i++) await limits.take('t');
    expect(await limits.take('t')).toMatchObject({ remaining: 0, resetSec: 3 });
    now += 250;
    await expect(limits.take('t')).resolves.toMatchObject({ remaining: 1 });
  });
});

describe('MCP calls over the rate', () => {
  it('wait for room instead of failing, and say that they waited; REST still answers 429', async () => {
    const slow = await startServer({ SHEETS_RATE_PER_SEC: '2', SHEETS_RATE_BURST: '3' });
    const door = await mcpHttpDoor(slow);
    try {
      const outs = [];
      for (let i = 0; i < 7; i++) outs.push(await door.client.callTool({ name: 'get_me', arguments: {} }));
      expect(outs.filter((o) => o.isError)).toEqual([]);
      const waited = outs.filter((o) => (o._meta as any)?.['sheets/rate_limit_waited_ms'] > 0);
      expect(waited.length).toBeGreaterThan(0);
      expect((waited[0]!.content as any).at(-1).text).toMatch(/waited \d\.\d s for the token's rate limit of 2 requests\/s; group calls with run_batch/);
      expect((waited[0]!.structuredContent as any).user).toBeDefined();
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await slow.request('GET', '/v1/auth/me')).status);
      expect(statuses).toContain(429);
    } finally {
      await door.close();
      await slow.close();
    }
  });
  it('carry no wait note when they did not wait (not "waited 0.0 s")', async () => {
    const fast = await startServer({ SHEETS_RATE_PER_SEC: '1000', SHEETS_RATE_BURST: '1000' });
    const door = await mcpHttpDoor(fast);
    try {
      for (let i = 0; i < 5; i++) {
        const out = await door.client.callTool({ name: 'get_me', arguments: {} });
        expect(JSON.stringify(out.content)).not.toMatch(/waited/);
        expect((out._meta as any)?.['sheets/rate_limit_waited_ms']).toBeUndefined();
      }
    } finally {
      await door.close();
      await fast.close();
    }
  });

  it('count only pauses for room, not the store round trip', async () => {
    const limits = new RateLimits({ perSec: 1000, burst: 1000, maxInFlight: 1000 });
    expect((await limits.take('t')).waitedMs).toBe(0);
  });
});

describe('concurrency limit', () => {
  it('answers 429 when more requests than allowed are in flight', async () => {
    const heavy = await startServer({ SHEETS_RATE_PER_SEC: '1000', SHEETS_RATE_BURST: '1000', SHEETS_MAX_INFLIGHT: '1' });
    try {
      const file = (await heavy.request('POST', '/v1/files', { body: { name: 'slow' } })).body.uuid;
      // A slow upload holds its slot from the headers on, without keeping the server busy.
      const url = new URL(`${heavy.url}/v1/files/${file}/cells`);
      const slow = new Promise<number>((resolve, reject) => {
        const req = http.request(url, { method: 'PUT', headers: { authorization: `Bearer ${heavy.token}`, 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.write('{"cell": "A1", ');
        setTimeout(() => req.end('"values": [["1"]]}'), 800);
      });
      await new Promise((r) => setTimeout(r, 200));
      const during = await heavy.request('GET', '/v1/auth/me');
      expect(during.status).toBe(429);
      expect(during.body.error.message).toMatch(/in flight/);
      expect(during.headers.get('retry-after')).toBe('1');
      expect(await slow).toBe(200);
      expect((await heavy.request('GET', '/v1/auth/me')).status).toBe(200);
    } finally {
      await heavy.close();
    }
  });
});

describe('rate limits kept in the store', () => {
  it('limits the same way with SHEETS_RATE_STORE=database', async () => {
    const db = await startServer({ SHEETS_RATE_PER_SEC: '2', SHEETS_RATE_BURST: '3', SHEETS_RATE_STORE: 'database' });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await db.request('GET', '/v1/auth/me')).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses).toContain(429);
    } finally {
      await db.close();
    }
  });
});
