import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AppController } from '../../app/app-controller.js';
import { DEMO_FILE, loadDemoScript } from '../../app/demo/bundled-demo.js';
import { playDemoHeadless } from '../../app/demo/demo-runner.js';
import { formatScoredGame } from '../../app/demo/scored-game.js';
import { parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { ensureWritableDir } from '../ensure-dir.js';
import { packageRoot } from './serve.js';

export const usage = 'shagomer demo [--script FILE] [--data DIR] [--json]';

/** Plays the bundled session through the link, the session and the engine, and prints the score. */
export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['script', 'data'], ['json']);
  if (p.positional.length > 0) throw new CliError(`usage: ${usage}`);
  const scriptPath = stringFlag(p, 'script') ?? join(packageRoot, DEMO_FILE);
  const loaded = loadDemoScript(scriptPath);
  if (!loaded.ok) throw new CliError(loaded.problem);
  const given = stringFlag(p, 'data');
  if (given !== undefined) ensureWritableDir(given, '--data');
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'shagomer-demo-'));
  const app = new AppController({ dataDir });
  try {
    const r = await playDemoHeadless(app, loaded.script, { dir: dirname(scriptPath) });
    if (!r.ok) throw new CliError(r.problem, 3);
    const game = app.game;
    if (!game) throw new CliError('the demo left no game open', 3);
    const view = app.view(true);
    process.stdout.write(p.flags.get('json') === true ? `${JSON.stringify({ gameId: view.gameId, turn: view.turn, active: view.active, shots: view.shots, models: view.models })}\n` : formatScoredGame(view, join(dataDir, 'games', `${game.gameId}.jsonl`)));
    return 0;
  } finally {
    app.close();
  }
}
