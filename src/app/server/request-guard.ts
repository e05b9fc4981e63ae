import type { IncomingMessage } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';

/**
 * Checks a request must pass before it may change a game or take one away: that it was sent to
 * this app by name (Host: DNS rebinding gives a foreign page our address under its own name),
 * from this app's own pages (Origin, Sec-Fetch-Site), as JSON (a no-cors `fetch` or
 * `sendBeacon` can only send text/plain, form or multipart bodies), and by the referee.
 * Each refusal is one line for the 403 body.
 */

const WILDCARD = new Set(['0.0.0.0', '::', '']);

/** The names this app answers to on `bindHost` (lower case, IPv6 in brackets, without port). */
export function allowedHostNames(bindHost: string, extra: readonly string[] = []): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', ...extra.map((n) => n.toLowerCase())]);
  const bind = bindHost.toLowerCase();
  if (!WILDCARD.has(bind)) names.add(bind.includes(':') ? `[${bind}]` : bind);
  else {
    // Reachable from the club network: by the machine's name and by each of its addresses.
    const name = hostname().toLowerCase();
    names.add(name);
    names.add(`${name}.local`);
    for (const a of lanAddresses(true)) names.add(a.includes(':') ? `[${a}]` : a);
  }
  return names;
}

/** The machine's addresses (IPv4 first); `all` includes IPv6 and the loopback. */
export function lanAddresses(all = false): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (!all && (a.internal || a.family !== 'IPv4')) continue;
      out.push(a.address.toLowerCase());
    }
  }
  return out;
}

/** `name` and `port` of a Host header or an origin's authority, or null when it is malformed. */
export function splitAuthority(authority: string): { name: string; port: number | null } | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(authority.trim());
  if (!m) return null;
  return { name: (m[1] as string).toLowerCase(), port: m[2] === undefined ? null : Number(m[2]) };
}

function authorityOk(authority: string, names: ReadonlySet<string>, port: number): boolean {
  const a = splitAuthority(authority);
  return a !== null && names.has(a.name) && (a.port ?? 80) === port;
}

export function hostProblem(req: IncomingMessage, names: ReadonlySet<string>): string | null {
  const host = req.headers.host;
  const port = req.socket.localPort ?? 0;
  if (host === undefined) return 'no Host header';
  if (!authorityOk(host, names, port)) return `host "${host.slice(0, 80)}" is not this app's address: open it as http://localhost:${port}/ or by the name it was started with`;
  return null;
}

/** Requests from a page of another site, whatever they are. Absent headers mean a non-browser client. */
export function originProblem(req: IncomingMessage, names: ReadonlySet<string>): string | null {
  const port = req.socket.localPort ?? 0;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const m = /^http:\/\/([^/]+)$/.exec(origin);
    if (!m || !authorityOk(m[1] as string, names, port)) return `origin "${origin.slice(0, 80)}" is not this app: only its own pages may change or export a game`;
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `a ${String(site)} request: only this app's own pages may change or export a game`;
  return null;
}

/** A body type a cross-site page cannot send without asking first (CORS preflight, which is never granted). */
export function contentTypeProblem(req: IncomingMessage, accepted: readonly string[]): string | null {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!accepted.includes(type)) return `content-type must be ${accepted.join(' or ')}, not "${type.slice(0, 60) || 'none'}"`;
  return null;
}

/** The bearer token of a request, or null. */
export function bearerToken(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  if (auth === undefined) return null;
  const m = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(auth);
  return m ? (m[1] as string) : null;
}
