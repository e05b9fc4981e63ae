#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { CliError, type CliCommand } from './cli-error.js';
import { COMMAND_HELP, formatHelp } from './help.js';

/** Commands load lazily: `resolve` must not pay for OpenCV or serialport at start-up. */
const commands: Record<string, { summary: string; load: () => Promise<CliCommand> }> = {
  resolve: { summary: 'resolve one rules scenario (JSON in, JSON out)', load: () => import('./commands/resolve.js') },
  ranges: { summary: 'ranges, bands, line of sight and moves for a table scene', load: () => import('./commands/ranges.js') },
  markers: { summary: 'write printable marker sheets and a table profile', load: () => import('./commands/markers.js') },
  'calibrate-camera': { summary: 'camera intrinsics from ChArUco board photos', load: () => import('./commands/calibrate-camera.js') },
  locate: { summary: 'tags and miniatures in table millimetres from one image', load: () => import('./commands/locate.js') },
  link: { summary: 'record sensor events from a hub on a serial port', load: () => import('./commands/link.js') },
  'sim-device': { summary: 'simulate a sensor hub on a serial port', load: () => import('./commands/sim-device.js') },
  serve: { summary: 'serve the table app to a browser', load: () => import('./commands/serve.js') },
  demo: { summary: 'run the bundled demo session headless and print the scored game', load: () => import('./commands/demo.js') },
  replay: { summary: "fold a game's events: the game turn by turn, or its final state (--json)", load: () => import('./commands/replay.js') },
  roster: { summary: "roster validate ROSTER.json: check an army list against its system's catalogue", load: () => import('./commands/roster.js') },
};

function help(): string {
  const width = Math.max(...Object.keys(commands).map((c) => c.length));
  return [
    'usage: shagomer COMMAND [ARGS]',
    '',
    ...Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`),
    '',
    '"shagomer COMMAND --help" explains a command\'s options; "shagomer --version" prints the version.',
  ].join('\n');
}

function version(): string {
  // dist/src/cli/main.js → the package root's package.json.
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return `shagomer ${pkg.version}`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${help()}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`shagomer: unknown command "${name}"; run "shagomer --help" for the list\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const text = COMMAND_HELP[name];
    process.stdout.write(`${text ? formatHelp(name, text) : `usage: shagomer ${name} …`}\n`);
    return 0;
  }
  try {
    return await (await command.load()).run(rest);
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`${name}: ${e.message.split('\n')[0]}\n`);
      return e.exitCode;
    }
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`${name}: internal error: ${message.split('\n')[0]} (please report it; SHAGOMER_DEBUG=1 shows the stack)\n`);
    if (process.env.SHAGOMER_DEBUG) console.error(e);
    return 70;
  }
}

// A reader that stops early (`| head`) is not an error of ours.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`shagomer: ${String(e)}\n`);
    process.exitCode = 70;
  },
);
