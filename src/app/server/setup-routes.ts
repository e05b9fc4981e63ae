import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SetupRequest } from '../api/setup.js';
import type { CalibrationFiles } from '../setup/calibration-files.js';

/**
 * The set-up wizard over HTTP: `POST /api/setup` (a SetupRequest as JSON; it writes files, so
 * it goes through the server's checks for changing routes like `/api/intent`) and
 * `GET /api/setup/markers-(a4|letter).pdf` (the sheets last printed). Returns false for any
 * other path, so the server goes on with its own routes.
 */
export async function setupRoute(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  files: CalibrationFiles,
  readBody: () => Promise<string>,
  json: (res: ServerResponse, status: number, body: unknown) => void,
): Promise<boolean> {
  const pdf = /^\/api\/setup\/markers-(a4|letter)\.pdf$/.exec(path);
  if (req.method === 'GET' && pdf) {
    const file = files.pdfFile(pdf[1] === 'letter' ? 'letter' : 'a4');
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!body) {
      json(res, 404, { ok: false, problem: 'no marker sheets printed yet for this paper' });
      return true;
    }
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="shagomer-markers-${pdf[1]}.pdf"`, 'cache-control': 'no-store' });
    res.end(body);
    return true;
  }
  if (req.method === 'POST' && path === '/api/setup') {
    let raw: unknown;
    try {
      raw = JSON.parse(await readBody()) as unknown;
    } catch (e) {
      json(res, 400, { ok: false, problem: e instanceof Error && !(e instanceof SyntaxError) ? e.message : 'the body is not JSON' });
      return true;
    }
    const r = SetupRequest.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0];
      json(res, 400, { ok: false, problem: `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}` });
      return true;
    }
    const reply = await files.handle(r.data);
    json(res, reply.ok ? 200 : 400, reply);
    return true;
  }
  return false;
}
