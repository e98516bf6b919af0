// DNS-rebinding and cross-site protection for every HTTP door (REST, MCP Streamable HTTP and SSE,
// viewer): which Host and Origin values a request may carry. A page on evil.example.com whose
// name resolves to 127.0.0.1 reaches a loopback server with `Host: evil.example.com`; a page
// calling us from another site carries its own `Origin`. Both are refused before authentication.

/** What a server accepts, from its bind address and configuration (SHEETS_ALLOWED_HOSTS / _ORIGINS, SHEETS_PUBLIC_URL). */
export interface HostPolicy {
  /** Host names (lower case, no port) accepted besides loopback; null: any Host (bound to a non-loopback address with no list). */
  hosts: Set<string> | null;
  /** Exact origins (scheme://host[:port], lower case) accepted besides loopback and same-origin ones. */
  origins: Set<string>;
}

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

/** localhost, *.localhost, 127.0.0.0/8 and ::1, with or without brackets. */
export function isLoopbackHost(name: string): boolean {
  const h = name.toLowerCase();
  return LOOPBACK_NAMES.has(h) || h.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The host name of a Host header value (`example.com:8080` → `example.com`, `[::1]:80` → `[::1]`); null when malformed. */
export function hostName(value: string): string | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s/@]+)(?::(\d{1,5}))?$/.exec(value.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** The host name of a configured entry: a bare name, name:port, or a URL. */
function entryHost(entry: string): string | null {
  if (entry.includes('://')) {
    try {
      return new URL(entry).hostname.toLowerCase();
    } catch {
      return null;
    }
  }
  return hostName(entry);
}

function entryOrigin(entry: string): string | null {
  try {
    const u = new URL(entry);
    return u.origin === 'null' ? null : u.origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Bound to loopback, only loopback names (and the configured ones) are served. Bound to any other
 * address with no list configured, any Host is served (a container or a host behind a proxy is
 * reached under names the server cannot know, and DNS rebinding aims at loopback services), but
 * browser Origins are still checked.
 */
export function hostPolicy(cfg: { host: string; allowedHosts: readonly string[]; allowedOrigins: readonly string[]; publicUrl?: string }): HostPolicy {
  const listed = [...cfg.allowedHosts, ...(cfg.publicUrl ? [cfg.publicUrl] : [])];
  const hosts = new Set(listed.map(entryHost).filter((h): h is string => !!h));
  const origins = new Set([...cfg.allowedOrigins, ...(cfg.publicUrl ? [cfg.publicUrl] : [])].map(entryOrigin).filter((o): o is string => !!o));
  const bindLoopback = isLoopbackHost(cfg.host.replace(/^\[|\]$/g, ''));
  return { hosts: bindLoopback || cfg.allowedHosts.length > 0 ? hosts : null, origins };
}

/** Why a request is refused (a sentence naming the header and how to allow it), or null when it may go on. */
export function checkHostOrigin(policy: HostPolicy, host: string | undefined, origin: string | undefined): string | null {
  const name = host ? hostName(host) : null;
  if (policy.hosts) {
    if (!name) return 'Host: the request has no valid Host header.';
    if (!isLoopbackHost(name) && !policy.hosts.has(name)) return `Host: '${host}' is not served here (DNS-rebinding protection); a deployment reached under this name lists it in SHEETS_ALLOWED_HOSTS.`;
  }
  if (origin === undefined) return null;
  let o: URL | null;
  try {
    o = origin === 'null' ? null : new URL(origin);
  } catch {
    o = null;
  }
  if (!o) return `Origin: '${origin}' is not allowed; browser pages may call this server only from its own origin, a loopback origin or one listed in SHEETS_ALLOWED_ORIGINS.`;
  const norm = o.origin.toLowerCase();
  if (isLoopbackHost(o.hostname.replace(/^\[|\]$/g, '')) || policy.origins.has(norm)) return null;
  // Same origin: a page this server served (the viewer) calling back.
  if (host && o.host.toLowerCase() === host.trim().toLowerCase()) return null;
  return `Origin: '${origin}' is not allowed; browser pages may call this server only from its own origin, a loopback origin or one listed in SHEETS_ALLOWED_ORIGINS.`;
}
