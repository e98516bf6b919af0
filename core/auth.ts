// Bearer tokens: random secrets shown once, stored as SHA-256. Resolving a token gives the Caller.
import { createHash, randomBytes } from 'node:crypto';
import type { Caller, Clock } from './context.ts';
import { OpError } from './errors.ts';
import type { Role, Store } from './store.ts';

export const TOKEN_PREFIX = 'sht_';

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Resolves a bearer token; every failure is the same 401 so tokens cannot be probed. */
export async function authenticate(store: Store, clock: Clock, token: string | undefined): Promise<Caller> {
  if (!token) throw new OpError('unauthenticated', 'Missing bearer token: send Authorization: Bearer <token>.');
  const info = await store.tokenByHash(hashToken(token));
  const now = clock.now();
  if (!info || info.revokedAt || (info.expiresAt && info.expiresAt <= now)) {
    throw new OpError('unauthenticated', 'The token is unknown, revoked or expired.');
  }
  return { tokenId: info.tokenId, userId: info.userId, userName: info.userName, spaceId: info.spaceId, spaceName: info.spaceName, role: info.role };
}

export interface Bootstrap {
  spaceId: string;
  /** Set when a token was created now (it is printed once). */
  token?: string;
}

/**
 * First start: creates a space and an owner token (SHEETS_TOKEN when given, else a fresh one).
 * Later starts: makes sure SHEETS_TOKEN, when given, is a valid owner token of the first space.
 */
export async function bootstrap(store: Store, clock: Clock, fixedToken?: string): Promise<Bootstrap | null> {
  const at = clock.now();
  if ((await store.countSpaces()) === 0) {
    const space = await store.createSpace('Default space', at);
    const token = fixedToken ?? generateToken();
    await store.createToken({ spaceId: space.id, userName: 'owner', role: 'owner', hash: hashToken(token), expiresAt: null, at });
    return { spaceId: space.id, token };
  }
  if (!fixedToken) return null;
  const info = await store.tokenByHash(hashToken(fixedToken));
  if (info) return { spaceId: info.spaceId };
  const spaceId = await store.firstSpaceId();
  await store.createToken({ spaceId, userName: 'owner', role: 'owner', hash: hashToken(fixedToken), expiresAt: null, at });
  return { spaceId, token: fixedToken };
}

export async function issueToken(store: Store, clock: Clock, input: { spaceId: string; userName: string; role: Role; expiresInDays?: number }) {
  const token = generateToken();
  const at = clock.now();
  const expiresAt = input.expiresInDays ? new Date(at.getTime() + input.expiresInDays * 86_400_000) : null;
  const made = await store.createToken({ spaceId: input.spaceId, userName: input.userName, role: input.role, hash: hashToken(token), expiresAt, at });
  return { token, ...made, expiresAt };
}
