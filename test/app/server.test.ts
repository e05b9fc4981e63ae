import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameView } from '../../src/app/api/view.js';
import { AppController } from '../../src/app/app-controller.js';
import { createAppServer } from '../../src/app/server/http-server.js';

let app: AppController;
let base: string;
let stopServer: () => Promise<void>;
let token: string;

beforeAll(async () => {
  app = new AppController({ dataDir: mkdtempSync(join(tmpdir(), 'shagomer-http-')) });
  const { server, stop, access } = createAppServer({ app, uiDir: join(tmpdir(), 'no-ui-here') });
  stopServer = stop;
  token = access.nightToken;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await stopServer();
  app.close();
});

/** The referee's request: tonight's token and a JSON (or, for imports, NDJSON) body. */
const post = async (path: string, body: string, contentType = 'application/json'): Promise<{ status: number; json: { ok: boolean; problem?: string; id?: string } }> => {
  const res = await fetch(`${base}${path}`, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
  return { status: res.status, json: (await res.json()) as { ok: boolean; problem?: string } };
};

describe('HTTP API', () => {
  it('answers bad bodies with 400 and one line, and keeps serving', async () => {
    expect(await post('/api/intent', '{"type":')).toEqual({ status: 400, json: { ok: false, problem: 'the body is not JSON' } });
    const wrong = await post('/api/intent', JSON.stringify({ type: 'new-game', ruleset: 'chess', title: '', players: [] }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.problem).toMatch(/^ruleset: /);
    expect(wrong.json.problem?.includes('\n')).toBe(false);
    expect((await post('/api/intent', JSON.stringify({ type: 'end-turn' }))).json).toEqual({ ok: false, problem: 'no game is open: start a new game or open one' });
  });

  it('pushes a fresh view over server-sent events after an intent', async () => {
    const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const views: GameView[] = [];
    let text = '';
    const readUntil = async (n: number): Promise<void> => {
      while (views.length < n) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += new TextDecoder().decode(value);
        let i: number;
        while ((i = text.indexOf('\n\n')) >= 0) {
          const frame = text.slice(0, i);
          text = text.slice(i + 2);
          if (frame.startsWith('data: ')) views.push(GameView.parse((JSON.parse(frame.slice(6)) as { view: unknown }).view));
        }
      }
    };
    await readUntil(1);
    expect(views[0]?.phase).toBe('empty');
    const created = await post('/api/intent', JSON.stringify({ type: 'new-game', ruleset: 'bronepekhota', title: 'http', players: [{ id: 'A', name: 'A', colour: '#aa0000' }, { id: 'B', name: 'B', colour: '#0000aa' }] }));
    expect(created.json).toEqual({ ok: true });
    await readUntil(2);
    expect(views[1]).toMatchObject({ phase: 'setup', ruleset: 'bronepekhota', title: 'http' });
    await reader.cancel();
  });

  it('refuses intents from spectators: the token decides, not ?role=', async () => {
    const r = await fetch(`${base}/api/intent?role=referee`, { method: 'POST', body: JSON.stringify({ type: 'undo' }), headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { problem: string }).problem).toMatch(/^not the referee/);
    expect(GameView.parse(await (await fetch(`${base}/api/view`)).json()).readOnly).toBe(true);
    expect(GameView.parse(await (await fetch(`${base}/api/view?role=referee`)).json()).readOnly).toBe(true);
    expect(GameView.parse(await (await fetch(`${base}/api/view?role=spectator`, { headers: { authorization: `Bearer ${token}` } })).json()).readOnly).toBe(false);
  });

  it('exports a game; importing it back is refused as a duplicate, a damaged one as damaged', async () => {
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const games = (await (await fetch(`${base}/api/games`, auth)).json()) as { id: string }[];
    const id = games[0]?.id as string;
    const text = await (await fetch(`${base}/api/games/${id}/export`, auth)).text();
    expect(text.split('\n').filter(Boolean).length).toBeGreaterThan(0);
    expect(await post('/api/games/import?id=copy-1', text, 'application/x-ndjson')).toEqual({ status: 400, json: { ok: false, problem: `the same game is already here as "${id}"` } });
    const damaged = await post('/api/games/import?id=copy-2', text.replace('http', 'htTp'), 'application/x-ndjson');
    expect(damaged.status).toBe(400);
    expect(damaged.json.problem).toMatch(/incomplete or damaged|checksum/);
    expect((await fetch(`${base}/api/games/..%2F..%2Fetc/export`, auth)).status).toBe(404);
    expect((await fetch(`${base}/api/games/${id}/export`)).status).toBe(403);
  });

  it('says the renderer is not built instead of failing', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
  });
});
