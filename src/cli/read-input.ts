import { readFile } from 'node:fs/promises';
import { CliError } from './cli-error.js';

/** Reads a file, or stdin for `-`, as text. Errors name the file and what to do. */
export async function readTextInput(path: string): Promise<string> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${path}: no such file; check the path`);
    if (code === 'EACCES') throw new CliError(`${path}: permission denied`);
    if (code === 'EISDIR') throw new CliError(`${path}: is a directory, expected a JSON file`);
    throw new CliError(`${path}: cannot read (${code ?? String(e)})`);
  }
}

/** Parses JSON text; a syntax error becomes one line naming the file. */
export function parseJsonText(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new CliError(`${name}: not valid JSON (${(e as Error).message})`);
  }
}

export async function readJsonInput(path: string): Promise<unknown> {
  return parseJsonText(await readTextInput(path), path === '-' ? 'stdin' : path);
}
