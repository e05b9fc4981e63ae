import { checkEvents, replayState, replayWords, type SourcedEvent } from '../../core/game/replay-report.js';
import { rulesEventsOfJournal } from '../../app/journal/rules-events.js';
import { parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { parseJsonText, readTextInput } from '../read-input.js';

export const usage = 'shagomer replay FILE|- [--json] [--lang ru|en]';

function eventsOf(text: string, name: string): SourcedEvent[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    const raw = parseJsonText(text, name);
    if (!Array.isArray(raw)) throw new CliError(`${name}: expected a JSON array of game events`);
    const checked = checkEvents(raw.map((event: unknown, i) => ({ seq: i + 1, event })));
    if (!checked.ok) throw new CliError(`${name}: record ${checked.seq}: ${checked.problem}`);
    return checked.events;
  }
  const read = rulesEventsOfJournal(text);
  if (!read.ok) throw new CliError(`${name}: line ${read.line}: ${read.problem}`);
  const checked = checkEvents(read.events);
  if (!checked.ok) throw new CliError(`${name}: record ${checked.seq}: ${checked.problem}`);
  return checked.events;
}

/** Folds a game's events: the final state as JSON, or the game turn by turn in words. */
export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['lang'], ['json']);
  const file = p.positional[0];
  if (file === undefined || p.positional.length > 1) throw new CliError(`usage: ${usage}`);
  const lang = stringFlag(p, 'lang') ?? 'ru';
  if (lang !== 'ru' && lang !== 'en') throw new CliError(`--lang: expected ru or en, got "${lang}"`);
  const name = file === '-' ? 'stdin' : file;
  const text = await readTextInput(file);
  if (text.trim() === '') throw new CliError(`${name}: empty, expected game events`);
  const events = eventsOf(text, name);
  if (p.flags.has('json')) process.stdout.write(`${JSON.stringify(replayState(events, lang))}\n`);
  else process.stdout.write(`${replayWords(events, lang).join('\n')}\n`);
  return 0;
}
