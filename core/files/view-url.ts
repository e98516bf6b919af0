// The signed link to a file's read-only live view (/view/{id}), handed out by get_context so a
// person can watch an agent's work while the server runs. Whoever holds it sees that file only,
// until it expires; opening it sets a cookie for that file's viewer (rest/viewer/routes.ts).
import type { OpContext } from '../context.ts';
import { LINK_MINUTES, signLink, viewSecret } from '../view-links.ts';

export function viewUrl(ctx: OpContext, fileId: string, minutes = LINK_MINUTES): string {
  const { config, clock } = ctx.services;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = (ctx.origin ?? config.publicUrl ?? `http://${host}:${config.port}`).replace(/\/+$/, '');
  return `${base}/view/${fileId}?${signLink(viewSecret(config), fileId, clock.now(), minutes)}`;
}
