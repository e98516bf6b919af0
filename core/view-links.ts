// Signed view links and view sessions: HMAC-SHA256 under a server secret, so `sheets admin
// view-link FILE` (which works on the store, not over HTTP), the get_view_link op and the server
// agree without sharing any state. A link is short-lived; opening it sets a cookie for that file's viewer only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

export const LINK_MINUTES = 15;
export const SESSION_HOURS = 8;

let memorySecret: Buffer | undefined;

/**
 * The viewer's key: derived from SECRET_KEY when set (so several hosts agree), else kept in
 * DATA_DIR/view-secret (created on first use), else per process for an in-memory store.
 */
export function viewSecret(config: Config): Buffer {
  if (config.secretKey) return createHmac('sha256', config.secretKey).update('sheets view-link v1').digest();
  if (config.dataDir.startsWith('memory://')) return (memorySecret ??= randomBytes(32));
  const path = join(config.dataDir, 'view-secret');
  if (!existsSync(path)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
}

function mac(secret: Buffer, kind: 'link' | 'session', fileId: string, exp: number): string {
  return createHmac('sha256', secret).update(`${kind}:${fileId.toLowerCase()}:${exp}`).digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Query string of a link valid until now + minutes. */
export function signLink(secret: Buffer, fileId: string, now: Date, minutes = LINK_MINUTES): string {
  const exp = Math.floor(now.getTime() / 1000) + Math.round(minutes * 60);
  return `exp=${exp}&sig=${mac(secret, 'link', fileId, exp)}`;
}

export function checkLink(secret: Buffer, fileId: string, exp: unknown, sig: unknown, now: Date): boolean {
  const e = Number(exp);
  if (!Number.isInteger(e) || typeof sig !== 'string' || e * 1000 < now.getTime()) return false;
  return same(sig, mac(secret, 'link', fileId, e));
}

/** Cookie value of a viewer session for one file. */
export function signSession(secret: Buffer, fileId: string, now: Date): { value: string; maxAge: number } {
  const maxAge = SESSION_HOURS * 3600;
  const exp = Math.floor(now.getTime() / 1000) + maxAge;
  return { value: `${exp}.${mac(secret, 'session', fileId, exp)}`, maxAge };
}

export function checkSession(secret: Buffer, fileId: string, value: string | undefined, now: Date): boolean {
  const m = value ? /^(\d+)\.([\w-]+)$/.exec(value) : null;
  if (!m) return false;
  const exp = Number(m[1]);
  return exp * 1000 >= now.getTime() && same(m[2]!, mac(secret, 'session', fileId, exp));
}
