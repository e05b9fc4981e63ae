import { open } from 'node:fs/promises';
import { DEFAULT_JSON_BOUNDS, parseBoundedJson } from '../core/validation/bounded-json.js';
import { CliError } from './cli-error.js';

/** Every file or stdin a command reads is bounded: more than this is refused, never buffered. */
export const MAX_INPUT_BYTES = DEFAULT_JSON_BOUNDS.maxChars;

function tooLarge(name: string): CliError {
  return new CliError(`${name}: too large (more than ${MAX_INPUT_BYTES} bytes)`);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of process.stdin) {
    bytes += (chunk as Buffer).length;
    if (bytes > MAX_INPUT_BYTES) throw tooLarge('stdin');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readBoundedFile(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    // Read one byte past the cap so a file that grew after stat is still caught.
    const buffer = Buffer.alloc(Math.min(info.isFile() ? info.size : MAX_INPUT_BYTES, MAX_INPUT_BYTES) + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled > MAX_INPUT_BYTES) throw tooLarge(path);
      if (filled === buffer.length) break;
    }
    return buffer.subarray(0, filled).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Reads a file, or stdin for `-`, as text. Errors name the file and what to do. */
export async function readTextInput(path: string): Promise<string> {
  if (path === '-') return readStdin();
  try {
    return await readBoundedFile(path);
  } catch (e) {
    if (e instanceof CliError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${path}: no such file; check the path`);
    if (code === 'EACCES') throw new CliError(`${path}: permission denied`);
    if (code === 'EISDIR') throw new CliError(`${path}: is a directory, expected a JSON file`);
    throw new CliError(`${path}: cannot read (${code ?? String(e)})`);
  }
}

/** Parses JSON text within the size and depth bounds; a problem becomes one line naming the file. */
export function parseJsonText(text: string, name: string): unknown {
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) throw new CliError(`${name}: ${parsed.problem}`);
  return parsed.value;
}

export async function readJsonInput(path: string): Promise<unknown> {
  return parseJsonText(await readTextInput(path), path === '-' ? 'stdin' : path);
}
