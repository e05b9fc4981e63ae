import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GameEvent } from '../../src/app/api/game-events.js';
import { GameView } from '../../src/app/api/view.js';
import { AppController } from '../../src/app/app-controller.js';
import { Journal } from '../../src/app/journal/journal.js';
import { createAppServer, type ServerLimits } from '../../src/app/server/http-server.js';
import { PAIRING_CODE_TTL_MS, RefereeAccess } from '../../src/app/server/referee-access.js';

/**
 * Who may change a game, over real HTTP on a loopback port: the referee's token, Host and
 * Origin, JSON bodies, intents checked against the engine's limits, pairing, and the server's
 * bounds (body size, timeouts, connections, live streams). Each refusal leaves the game as it was.
 */

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: { ok?: boolean; problem?: string; token?: string; code?: string } & Record<string, unknown>;
}

interface Running {
  app: AppController;
  port: number;
  token: string;
  access: RefereeAccess;
  stop: () => Promise<void>;
}

const running: Running[] = [];

async function start(opts: { dataDir?: string; limits?: Partial<ServerLimits>; access?: RefereeAccess; clock?: () => number; allowedHosts?: string[]; modelFile?: string } = {}): Promise<Running> {
  const app = new AppController({ dataDir: opts.dataDir ?? mkdtempSync(join(tmpdir(), 'shagomer-sec-')), ...(opts.clock ? { clock: opts.clock } : {}) });
  const { server, stop, access } = createAppServer({ app, uiDir: join(tmpdir(), 'no-ui-here'), ...(opts.limits ? { limits: opts.limits } : {}), ...(opts.access ? { access: opts.access } : {}), ...(opts.allowedHosts ? { allowedHosts: opts.allowedHosts } : {}), ...(opts.modelFile ? { modelFile: opts.modelFile } : {}) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const r: Running = {
    app,
    port: (server.address() as AddressInfo).port,
    token: access.nightToken,
    access,
    stop: async () => {
      await stop();
      app.close();
    },
  };
  running.push(r);
  return r;
}

/** One request on its own connection, headers exactly as given (Host included). */
function raw(s: Running, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: s.port, method, path, agent: false, headers: { host: `127.0.0.1:${s.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Reply['json'] = {};
        try {
          json = JSON.parse(text) as Reply['json'];
        } catch {
          // not JSON: the text is there
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

const referee = (s: Running, extra: Record<string, string> = {}): Record<string, string> => ({ authorization: `Bearer ${s.token}`, 'content-type': 'application/json', ...extra });
const intent = (s: Running, body: unknown, headers: Record<string, string> = referee(s)): Promise<Reply> => raw(s, 'POST', '/api/intent', headers, JSON.stringify(body));
const refView = async (s: Running): Promise<GameView> => GameView.parse((await raw(s, 'GET', '/api/view', { authorization: `Bearer ${s.token}` })).json);

const PLAYERS = [
  { id: 'A', name: 'Синие', colour: '#2563eb' },
  { id: 'B', name: 'Красные', colour: '#dc2626' },
];
const model = (player: 'A' | 'B', stamina = 1): Record<string, unknown> => ({
  player,
  name: `m${player}`,
  kind: 'infantry',
  armour: 1,
  stamina,
  speedSteps: 4,
  baseMm: 25,
  heightMm: 30,
  weapons: [],
  tag: null,
  hitNode: null,
  tiltNode: null,
  launcherNode: null,
});

/** A game in play with one model a side and one ended turn, so an undo would show. */
async function gameInPlay(s: Running): Promise<GameView> {
  for (const body of [
    { type: 'new-game', ruleset: 'vtorzhenie', title: 'sec', players: PLAYERS },
    { type: 'add-model', model: model('A') },
    { type: 'add-model', model: model('B') },
    { type: 'finish-setup', firstPlayer: 'A' },
    { type: 'end-turn' },
  ]) {
    const r = await intent(s, body);
    expect(r.json, JSON.stringify(body)).toEqual({ ok: true });
  }
  const v = await refView(s);
  expect(v.turn).toBe(2);
  return v;
}

const unchanged = async (s: Running, before: GameView): Promise<void> => {
  const after = await refView(s);
  expect(after.revision).toBe(before.revision);
  expect(after.history.length).toBe(before.history.length);
  expect(after.turn).toBe(before.turn);
};

afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
});

describe('who may change a game', () => {
  it('serves the vision workers\' files with the same guard headers as the rest, and only to this site', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shagomer-vendor-'));
    writeFileSync(join(dir, 'model.onnx'), Buffer.from([8, 7, 18]));
    const s = await start({ modelFile: join(dir, 'model.onnx') });
    const r = await raw(s, 'GET', '/vendor/miniature-detector.onnx', {});
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await raw(s, 'GET', '/vendor/miniature-detector.onnx', { host: 'evil.example' })).status).toBe(403);
  });

  it('refuses an intent from a second client without pairing: 403, one line, the game unchanged', async () => {
    const s = await start();
    const before = await gameInPlay(s);
    const r = await intent(s, { type: 'undo' }, { 'content-type': 'application/json' });
    expect(r.status).toBe(403);
    expect(r.json.problem).toMatch(/^not the referee/);
    expect(r.json.problem).not.toContain('\n');
    // A made-up token, a ?role= claim and a wrong scheme change nothing either.
    expect((await intent(s, { type: 'undo' }, { 'content-type': 'application/json', authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(403);
    expect((await raw(s, 'POST', '/api/intent?role=referee', { 'content-type': 'application/json', authorization: s.token }, '{"type":"undo"}')).status).toBe(403);
    await unchanged(s, before);
    // The stream a spectator gets is read-only whatever it asks for.
    expect(GameView.parse((await raw(s, 'GET', '/api/view?role=referee', {})).json).readOnly).toBe(true);
  });

  it('refuses a foreign Host (DNS rebinding) on every request, even with the token', async () => {
    const s = await start();
    const before = await gameInPlay(s);
    for (const host of [`evil.example:${s.port}`, 'evil.example', `127.0.0.1:${s.port + 1}`, `localhost.evil.example:${s.port}`]) {
      const r = await intent(s, { type: 'undo' }, referee(s, { host }));
      expect(r.status, host).toBe(403);
      expect(r.json.problem).toMatch(/^host ".*" is not this app's address/);
      expect((await raw(s, 'GET', '/api/view', { host })).status).toBe(403);
      expect((await raw(s, 'GET', '/', { host })).status).toBe(403);
    }
    expect((await intent(s, { type: 'select', shooterId: null, targetId: null, weaponId: null }, referee(s, { host: `localhost:${s.port}` }))).json).toEqual({ ok: true });
    await unchanged(s, before);
    // A name the club gave the laptop (`serve --allow-host club-laptop.lan`) is one of its names.
    const named = await start({ allowedHosts: ['Club-Laptop.lan'] });
    expect((await raw(named, 'GET', '/api/view', { host: `club-laptop.lan:${named.port}` })).status).toBe(200);
    expect((await raw(named, 'GET', '/api/view', { host: `club-laptop.lan.evil.example:${named.port}` })).status).toBe(403);
  });

  it('refuses another site\'s Origin, a cross-site fetch and a non-JSON body, even with the token', async () => {
    const s = await start();
    const before = await gameInPlay(s);
    const cases: [Record<string, string>, RegExp][] = [
      [referee(s, { origin: 'http://evil.example' }), /^origin "http:\/\/evil\.example" is not this app/],
      [referee(s, { origin: 'null' }), /^origin "null"/],
      [referee(s, { origin: `https://127.0.0.1:${s.port}` }), /^origin/],
      [referee(s, { 'sec-fetch-site': 'cross-site' }), /^a cross-site request/],
      [referee(s, { 'content-type': 'text/plain;charset=UTF-8' }), /^content-type must be application\/json, not "text\/plain"/],
      [referee(s, { 'content-type': 'application/x-www-form-urlencoded' }), /^content-type must be application\/json/],
      [{ authorization: `Bearer ${s.token}` }, /^content-type must be application\/json, not "none"/],
    ];
    for (const [headers, problem] of cases) {
      const r = await intent(s, { type: 'undo' }, headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.json.problem).toMatch(problem);
    }
    // Exports and imports are held to the same rules.
    const id = before.gameId as string;
    expect((await raw(s, 'GET', `/api/games/${id}/export`, {})).status).toBe(403);
    expect((await raw(s, 'GET', `/api/games/${id}/export`, { authorization: `Bearer ${s.token}`, origin: 'http://evil.example' })).status).toBe(403);
    expect((await raw(s, 'GET', '/api/games', {})).status).toBe(403);
    const exported = await raw(s, 'GET', `/api/games/${id}/export`, { authorization: `Bearer ${s.token}` });
    expect(exported.status).toBe(200);
    const imp = await raw(s, 'POST', '/api/games/import', { authorization: `Bearer ${s.token}`, 'content-type': 'text/plain', origin: 'http://evil.example' }, exported.text);
    expect(imp.status).toBe(403);
    expect(s.app.store.ids()).toEqual([id]);
    // The app's own page (same origin) is let through.
    expect((await intent(s, { type: 'select', shooterId: null, targetId: null, weaponId: null }, referee(s, { origin: `http://127.0.0.1:${s.port}`, 'sec-fetch-site': 'same-origin' }))).json).toEqual({ ok: true });
    await unchanged(s, before);
  });

  it('accepts a paired device: one code, one use, a few tries, a short life', async () => {
    let now = 1_700_000_000_000;
    const digits = [4, 8, 3, 9, 2, 0, 7, 7, 7, 1, 1, 1];
    const access = new RefereeAccess({ clock: () => now, randomDigit: () => digits.shift() ?? 5 });
    const s = await start({ access });
    const before = await gameInPlay(s);
    const pair = (code: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Reply> => raw(s, 'POST', '/api/pair', headers, JSON.stringify({ code }));
    expect((await pair('483920')).json.problem).toMatch(/^no pairing code is shown/);
    // Only the referee may ask for a code.
    expect((await raw(s, 'POST', '/api/pairing/code', { 'content-type': 'application/json' }, '{}')).status).toBe(403);
    const shown = await raw(s, 'POST', '/api/pairing/code', referee(s), '{}');
    expect(shown.json).toMatchObject({ ok: true, code: '483920', expiresInS: PAIRING_CODE_TTL_MS / 1000 });
    expect(shown.json.pairUrls).toEqual([`http://127.0.0.1:${s.port}/pair#code=483920`]);
    // A pairing from another site is refused like any other request.
    expect((await pair('483920', { 'content-type': 'application/json', origin: 'http://evil.example' })).status).toBe(403);
    const wrong = await pair('000000');
    expect(wrong.status).toBe(403);
    expect(wrong.json.problem).toBe('wrong pairing code (4 tries left)');
    const ok = await pair('483920');
    expect(ok.status).toBe(200);
    const device = ok.json.token as string;
    expect(device).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(device).not.toBe(s.token);
    expect((await pair('483920')).json.problem).toMatch(/^no pairing code is shown/);
    // The paired device is a referee: its intent is accepted and its view is not read-only.
    const undo = await intent(s, { type: 'undo' }, { 'content-type': 'application/json', authorization: `Bearer ${device}` });
    expect(undo.json).toEqual({ ok: true });
    expect((await refView(s)).turn).toBe(before.turn - 1);
    expect(GameView.parse((await raw(s, 'GET', '/api/view', { authorization: `Bearer ${device}` })).json).readOnly).toBe(false);
    // Five wrong tries void a code; an old code expires.
    expect((await raw(s, 'POST', '/api/pairing/code', referee(s), '{}')).json.code).toBe('777111');
    for (let i = 0; i < 4; i++) await pair('123456');
    expect((await pair('123456')).json.problem).toMatch(/too many tries/);
    expect((await pair('777111')).json.problem).toMatch(/^no pairing code is shown/);
    const third = (await raw(s, 'POST', '/api/pairing/code', referee(s), '{}')).json.code as string;
    now += PAIRING_CODE_TTL_MS + 1;
    expect((await pair(third)).json.problem).toMatch(/expired/);
    expect(access.pairedDevices).toBe(1);
    expect((await pair('12345x')).status).toBe(400);
  });

  it('checks add-model against the engine\'s own limits at the door, naming the field', async () => {
    const s = await start();
    expect((await intent(s, { type: 'new-game', ruleset: 'vtorzhenie', title: 'limits', players: PLAYERS })).json).toEqual({ ok: true });
    const r = await intent(s, { type: 'add-model', model: model('A', 9007199254740991) });
    expect(r.status).toBe(400);
    expect(r.json.problem).toMatch(/^model\.stamina: .*1000/);
    const v = await refView(s);
    expect(v.models).toEqual([]);
    expect((await intent(s, { type: 'add-model', model: model('A', 1000) })).json).toEqual({ ok: true });
    expect((await intent(s, { type: 'add-model', model: model('B', 1) })).json).toEqual({ ok: true });
    // What was accepted is what the engine takes when the game starts: no refusal later.
    expect((await intent(s, { type: 'finish-setup', firstPlayer: 'A' })).json).toEqual({ ok: true });
    const started = await refView(s);
    expect(started.warnings.filter((w) => /engine refused/.test(w))).toEqual([]);
    expect(started.models.map((m) => m.stamina)).toEqual([1000, 1]);
  });
});

describe('the server\'s bounds', () => {
  it('answers 413 with one line for a big body, also for 50 MB, and keeps serving', async () => {
    const s = await start();
    const before = await gameInPlay(s);
    const big = await intent(s, { type: 'undo', pad: 'x'.repeat(100_000) });
    expect(big.status).toBe(413);
    expect(big.json.problem).toBe('request body over 65536 bytes');
    // 50 MB declared up front, through fetch: the answer arrives, no reset.
    const huge = await fetch(`http://127.0.0.1:${s.port}/api/intent`, { method: 'POST', headers: referee(s), body: Buffer.alloc(50 * 1024 * 1024, 0x20) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { problem: string }).problem).toBe('request body over 65536 bytes');
    // 50 MB without a length (chunked): counted as it comes.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: s.port, method: 'POST', path: '/api/intent', agent: false, headers: { ...referee(s), 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const more = (): void => {
        while (sent < 50) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        req.end();
      };
      more();
    });
    expect(chunked).toBe(413);
    const imp = await raw(s, 'POST', '/api/games/import', { authorization: `Bearer ${s.token}`, 'content-type': 'application/x-ndjson', 'content-length': String(9 * 1024 * 1024) }, Buffer.alloc(9 * 1024 * 1024, 0x20));
    expect(imp.status).toBe(413);
    await unchanged(s, before);
  });

  it('closes a connection that sends its headers too slowly, and an idle one', async () => {
    const s = await start({ limits: { headersTimeoutMs: 300, idleSocketMs: 400 } });
    const closed = (sock: Socket): Promise<boolean> =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), 10_000);
        sock.on('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
        sock.on('error', () => undefined);
        // Read what comes (a 408, then the end): a paused socket would never see its close.
        sock.resume();
      });
    const slow = connect(s.port, '127.0.0.1');
    slow.on('connect', () => slow.write(`GET /api/view HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n`));
    const idle = connect(s.port, '127.0.0.1');
    expect(await Promise.all([closed(slow), closed(idle)])).toEqual([true, true]);
    // And the server still answers.
    expect((await raw(s, 'GET', '/api/view', {})).status).toBe(200);
  });

  it('caps live streams with 503 and open connections, and takes new ones when others leave', async () => {
    const s = await start({ limits: { maxStreams: 5, maxConnections: 8 } });
    const open = (): Promise<{ status: number; close: () => void }> =>
      new Promise((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: s.port, path: '/api/events', agent: false, headers: { host: `127.0.0.1:${s.port}` } }, (res) => {
          resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
          res.resume();
        });
        req.on('error', reject);
        req.end();
      });
    const streams = await Promise.all(Array.from({ length: 5 }, open));
    expect(streams.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await raw(s, 'GET', '/api/events', {});
    expect(sixth.status).toBe(503);
    expect(sixth.json.problem).toBe('5 live views are open already: try again later');
    streams[0]?.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await open();
    expect(again.status).toBe(200);
    // 5 streams + 3 sockets fill the 8 connections; a 9th socket is closed without an answer.
    const sockets = await Promise.all(Array.from({ length: 3 }, () => new Promise<Socket>((r) => { const c = connect(s.port, '127.0.0.1', () => r(c)); })));
    await new Promise((r) => setTimeout(r, 100));
    const ninth = connect(s.port, '127.0.0.1');
    const refused = await new Promise<string>((resolve) => {
      let data = '';
      ninth.on('data', (c: Buffer) => (data += c.toString()));
      ninth.on('close', () => resolve(`closed:${data}`));
      ninth.on('error', () => undefined);
      ninth.on('connect', () => ninth.write(`GET /api/view HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n\r\n`));
    });
    expect(refused).toBe('closed:');
    for (const c of sockets) c.destroy();
    for (const x of [...streams.slice(1), again]) x.close();
  });

  it('drops a live stream that stops reading once its backlog passes the bound, and keeps the others', { timeout: 60_000 }, async () => {
    const s = await start({ limits: { maxStreams: 2, streamBacklogBytes: 64 * 1024 } });
    expect((await intent(s, { type: 'new-game', ruleset: 'vtorzhenie', title: 'backlog', players: PLAYERS })).json).toEqual({ ok: true });
    for (let i = 0; i < 40; i++) await intent(s, { type: 'add-model', model: { ...model(i % 2 === 0 ? 'A' : 'B'), name: `модель с длинным именем ${i}` } });
    // A phone gone to sleep: it asked for the stream and reads nothing more.
    const asleep = connect(s.port, '127.0.0.1');
    await new Promise<void>((r) => asleep.on('connect', () => r()));
    asleep.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n\r\n`);
    asleep.pause();
    asleep.on('error', () => undefined);
    // A phone that reads.
    let awakeViews = 0;
    const awake = request({ host: '127.0.0.1', port: s.port, path: '/api/events', agent: false, headers: { host: `127.0.0.1:${s.port}` } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => (awakeViews += c.match(/^data: /gm)?.length ?? 0));
    });
    awake.end();
    await new Promise((r) => setTimeout(r, 200));
    /** A third stream: 503 while both are held, 200 once the sleeping one was dropped. */
    const third = (): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: s.port, path: '/api/events', agent: false, headers: { host: `127.0.0.1:${s.port}` } }, (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.end();
      });
    expect(await third()).toBe(503);
    const ids = (await refView(s)).models.map((m) => m.id);
    let sent = 0;
    let status = 503;
    while (status === 503 && sent < 3000) {
      await intent(s, { type: 'place-models', models: ids.map((id, i) => ({ id, xMm: 100 + ((sent * 7 + i * 31) % 1600), yMm: 100 + i * 25, fallen: false })) });
      sent++;
      if (sent % 25 === 0) status = await third();
    }
    // The sleeping phone's place is free again; the reading phone got every view.
    expect(status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(awakeViews).toBeGreaterThanOrEqual(sent);
    awake.destroy();
    asleep.destroy();
  });

  it('sends every one of 300 spectators\' streams the update of a referee intent', { timeout: 60_000 }, async () => {
    const s = await start();
    await gameInPlay(s);
    const N = 300;
    type Stream = { views: GameView[]; close: () => void };
    const streams: Stream[] = await Promise.all(
      Array.from(
        { length: N },
        () =>
          new Promise<Stream>((resolve, reject) => {
            const st: Stream = { views: [], close: () => undefined };
            const req = request({ host: '127.0.0.1', port: s.port, path: '/api/events', agent: false, headers: { host: `127.0.0.1:${s.port}` } }, (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => {
                text += c;
                let i: number;
                while ((i = text.indexOf('\n\n')) >= 0) {
                  const frame = text.slice(0, i);
                  text = text.slice(i + 2);
                  if (frame.startsWith('data: ')) st.views.push(GameView.parse((JSON.parse(frame.slice(6)) as { view: unknown }).view));
                }
                if (st.views.length === 1) resolve(st);
              });
            });
            st.close = () => req.destroy();
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    expect(streams.every((x) => x.views[0]?.turn === 2 && x.views[0].readOnly)).toBe(true);
    const r = await intent(s, { type: 'end-turn' });
    expect(r.json).toEqual({ ok: true });
    const deadline = Date.now() + 30_000;
    while (streams.some((x) => x.views.length < 2) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    expect(streams.filter((x) => x.views[x.views.length - 1]?.turn === 3).length).toBe(N);
    // Spectators' views carry nothing that lets them act.
    expect(streams.every((x) => x.views[x.views.length - 1]?.readOnly === true)).toBe(true);
    for (const x of streams) x.close();
  });
});

describe('games from the future and the games index', () => {
  const futureJournal = (dataDir: string, id: string, tMs: number): void => {
    mkdirSync(join(dataDir, 'games'), { recursive: true });
    const opened = Journal.open(join(dataDir, 'games', `${id}.jsonl`), GameEvent, () => tMs);
    if (!opened.ok) throw new Error(opened.problem);
    opened.journal.append({ type: 'game-created', ruleset: 'vtorzhenie', title: 'from 2099', seed: 's', players: PLAYERS as never, table: { widthMm: 1800, depthMm: 1200 } });
    opened.journal.close();
  };

  it('refuses to import a game dated in the future, and never resumes one found on disk', async () => {
    const s = await start();
    const before = await gameInPlay(s);
    const scratch = mkdtempSync(join(tmpdir(), 'shagomer-future-'));
    futureJournal(scratch, 'g-future', Date.UTC(2099, 0, 1));
    const text = readFileSync(join(scratch, 'games', 'g-future.jsonl'), 'utf8');
    const r = await raw(s, 'POST', '/api/games/import?id=g-future', { authorization: `Bearer ${s.token}`, 'content-type': 'application/x-ndjson' }, text);
    expect(r.status).toBe(400);
    expect(r.json.problem).toBe('record 1 is dated 2099-01-01T00:00:00.000Z, in the future: not imported');
    expect(s.app.store.ids()).toEqual([before.gameId]);
    // Put there by hand (or by an older build): the app resumes the newest game of the past.
    const dataDir = s.app.store.dir.replace(/\/games$/, '');
    futureJournal(dataDir, 'g-future', Date.UTC(2099, 0, 1));
    await running.splice(0)[0]?.stop();
    const again = new AppController({ dataDir });
    try {
      expect(again.game?.gameId).toBe(before.gameId);
      expect(again.games().map((g) => g.id)).toEqual([before.gameId, 'g-future'].sort());
    } finally {
      again.close();
    }
  });

  it('lists games from its index: the open game\'s count follows intents, other journals are not read again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shagomer-index-'));
    const s = await start({ dataDir });
    const first = await gameInPlay(s);
    const list = async (): Promise<{ id: string; records: number; title: string }[]> => (await raw(s, 'GET', '/api/games', { authorization: `Bearer ${s.token}` })).json as never;
    expect((await intent(s, { type: 'new-game', ruleset: 'bronepekhota', title: 'второй', players: PLAYERS })).json).toEqual({ ok: true });
    const second = (await refView(s)).gameId as string;
    const listed = await list();
    expect(listed.map((g) => [g.id, g.records])).toEqual([
      [first.gameId, 5],
      [second, 1],
    ]);
    await intent(s, { type: 'add-model', model: model('A') });
    expect((await list()).find((g) => g.id === second)?.records).toBe(2);
    // The first game's file changed behind the app's back, size and mtime kept: the list is the
    // index's, so it shows what was there (a listing that read every journal would not).
    const path = s.app.store.pathOf(first.gameId as string);
    const st = statSync(path);
    writeFileSync(path, ' '.repeat(st.size));
    utimesSync(path, st.atime, st.mtime);
    expect((await list()).find((g) => g.id === first.gameId)?.records).toBe(5);
    // With the size changed, the next start reads that file again (and only finds no records).
    writeFileSync(path, ' '.repeat(st.size + 1));
    await running.splice(0)[0]?.stop();
    const again = new AppController({ dataDir });
    try {
      expect(again.games().find((g) => g.id === first.gameId)?.records).toBe(0);
      expect(again.games().find((g) => g.id === second)?.records).toBe(2);
    } finally {
      again.close();
    }
  });
});

