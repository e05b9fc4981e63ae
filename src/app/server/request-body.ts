import type { IncomingMessage } from 'node:http';

export type BodyResult = { ok: true; text: string } | { ok: false; status: 413 | 400; problem: string };

/**
 * The body of a request, at most `limitBytes`. A larger one is answered 413 (by the caller) and
 * the rest of it is read and thrown away rather than the socket reset, so the client sees the
 * answer; the server's request timeout bounds how long a sender may keep sending.
 */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<BodyResult> {
  const tooBig = (): BodyResult => ({ ok: false, status: 413, problem: `request body over ${limitBytes} bytes` });
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limitBytes) {
    req.resume();
    return Promise.resolve(tooBig());
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > limitBytes) {
        over = true;
        chunks.length = 0;
        resolve(tooBig());
      } else chunks.push(c);
    });
    req.on('end', () => {
      if (!over) resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', () => resolve({ ok: false, status: 400, problem: 'the request body was cut off' }));
  });
}
