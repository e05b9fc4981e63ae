import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { JsonlStore, PortOpenError, formatNote, formatStats, startSerialLink, type LinkStatus } from '../../link/index.js';
import { RETRY_MS } from '../../link/transport/serial-port-link.js';
import { numberFlag, parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';

export const usage = 'shagomer link --port PATH --record FILE.jsonl [--duration S] [--wait]';

function describe(s: LinkStatus): string {
  switch (s.kind) {
    case 'open':
      return `${s.port}: open`;
    case 'lost':
      return `${s.port}: lost (${s.reason}); retrying every ${RETRY_MS} ms`;
    case 'waiting':
      return `${s.port}: not available (${s.reason}); retrying every ${RETRY_MS} ms`;
    case 'hello':
      return `hub ${s.boot} (firmware ${s.fw}) connected`;
    case 'device-lost':
      return `hub ${s.boot} reports ${s.count} events lost at the device (its queue was full)`;
  }
}

async function openRecord(path: string): Promise<Awaited<ReturnType<typeof JsonlStore.open>>> {
  try {
    return await JsonlStore.open(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${path}: cannot create the record file (no such directory)`);
    if (code === 'EACCES' || code === 'EPERM') throw new CliError(`${path}: permission denied`);
    if (code === 'EISDIR') throw new CliError(`${path}: is a directory, expected a .jsonl file`);
    throw new CliError(`${path}: cannot open the record file (${code ?? String(e)})`);
  }
}

export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['port', 'record', 'duration'], ['wait']);
  const portPath = stringFlag(p, 'port');
  const recordPath = stringFlag(p, 'record');
  if (portPath === undefined || recordPath === undefined || p.positional.length > 0) throw new CliError(`usage: ${usage}`);
  const durationS = numberFlag(p, 'duration', Infinity, 0);
  const say = (line: string): void => void process.stderr.write(`link: ${line}\n`);

  const recordExisted = existsSync(recordPath);
  const { store, history } = await openRecord(recordPath);
  for (const m of history.messages) say(m);
  if (history.badLines > 0) say(`${recordPath}: skipped ${history.badLines} lines that are not records (kept in the file)`);
  if (history.foreignLines > 0) say(`${recordPath}: skipped ${history.foreignLines} records of a type this build does not know (kept in the file)`);
  let storeError: unknown = null;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));

  let link;
  try {
    link = await startSerialLink({
      port: portPath,
      store,
      wait: p.flags.has('wait'),
      delivered: history.events,
      notes: history.notes,
      onNote: (n) => say(formatNote(n)),
      onStatus: (s) => say(describe(s)),
      onStoreError: (e) => {
        storeError = e;
        finish();
      },
    });
  } catch (e) {
    await store.close();
    // A refused start leaves no trace: drop the empty file this run created.
    if (!recordExisted) await rm(recordPath, { force: true });
    if (e instanceof PortOpenError) throw new CliError(e.message, 2);
    throw e;
  }

  const onSignal = (): void => finish();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const timer = Number.isFinite(durationS) ? setTimeout(finish, durationS * 1000) : null;
  await finished;
  if (timer) clearTimeout(timer);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);

  await link.stop();
  await store.close();
  say(formatStats(link.stats));
  if (storeError !== null) throw new CliError(`${recordPath}: writing failed (${(storeError as Error).message ?? String(storeError)})`, 3);
  return 0;
}
