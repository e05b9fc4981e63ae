import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CliError } from './cli-error.js';

/**
 * Makes sure `dir` exists and is writable, creating the missing folders one at a time.
 * Node 20's `mkdir({ recursive: true })` never returns under /proc and similar pseudo file
 * systems, so the nearest existing ancestor is checked first and each level made on its own.
 * `flag` names the option the path came from, for the one-line error.
 */
export function ensureWritableDir(dir: string, flag: string): void {
  const target = resolve(dir);
  const missing: string[] = [];
  let at = target;
  for (;;) {
    let info;
    try {
      info = statSync(at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new CliError(`${flag} ${dir}: cannot use ${at} (${code ?? String(e)})`);
      const up = dirname(at);
      if (up === at) throw new CliError(`${flag} ${dir}: no such file system`);
      missing.unshift(at);
      at = up;
      continue;
    }
    if (!info.isDirectory()) throw new CliError(`${flag} ${dir}: ${at} is not a folder`);
    break;
  }
  try {
    accessSync(at, constants.W_OK);
  } catch {
    throw new CliError(`${flag} ${dir}: ${at} is not writable`);
  }
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new CliError(`${flag} ${dir}: cannot create ${level} (${code ?? String(e)})`);
    }
  }
  try {
    accessSync(target, constants.W_OK);
  } catch {
    throw new CliError(`${flag} ${dir}: not writable`);
  }
}
