// Connection credentials at rest: AES-256-GCM under a key derived from SECRET_KEY (HKDF-SHA256).
// Without SECRET_KEY, the embedded store generates a random key into DATA_DIR/secret.key (mode
// 0600); an in-memory store keeps one for the process. With DATABASE_URL, SECRET_KEY is required
// for connections: a key generated on one host could not be read by servers or workers on another.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { OpError } from '../errors.ts';

export interface SecretBox {
  keyId: string;
  seal(plain: string): string;
  open(sealed: string, keyId: string): string;
}

const boxes = new Map<string, SecretBox>();

/** The box for this configuration, or a clear error saying how to configure one. */
export function secretBox(config: Config): SecretBox {
  const cacheKey = config.secretKey ? `env:${createHash('sha256').update(config.secretKey).digest('hex')}` : config.databaseUrl ? 'none' : `dir:${config.dataDir}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    box = makeBox(deriveKey(keyMaterial(config)));
    boxes.set(cacheKey, box);
  }
  return box;
}

function keyMaterial(config: Config): Buffer {
  if (config.secretKey) return Buffer.from(config.secretKey, 'utf8');
  if (config.databaseUrl) {
    throw new OpError('unavailable', 'Database connections need SECRET_KEY when the service runs on PostgreSQL (DATABASE_URL): every server and worker must share the key that encrypts connection credentials. Set SECRET_KEY (e.g. 32 random bytes, hex) and restart.');
  }
  if (config.dataDir.startsWith('memory://')) return randomBytes(32);
  const path = join(config.dataDir, 'secret.key');
  if (existsSync(path)) return readFileSync(path);
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, key, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return key;
}

function deriveKey(material: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'sheets', 'connection-credentials', 32));
}

function makeBox(key: Buffer): SecretBox {
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed, id) {
      if (id !== keyId) throw new OpError('unavailable', 'The credentials of this connection were encrypted with a different SECRET_KEY than the one this server has; restore that key or add the connection again.');
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
