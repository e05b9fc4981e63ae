import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const VISION = join(import.meta.dirname, '../../src/vision');

/** Every file reachable from src/vision/index.ts must load in a Web Worker: no Node built-ins. */
describe('the shared vision modules are browser-safe', () => {
  it('index.ts and what it imports use no node: modules, sharp or createRequire', () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/(?:import|export)[^'"]*from\s+'([^']+)'/g)) {
        const spec = m[1] as string;
        expect(spec, `${file} imports ${spec}`).not.toMatch(/^node:|^sharp$|^@napi-rs\/canvas$/);
        if (spec.startsWith('.')) visit(join(file, '..', spec.replace(/\.js$/, '.ts')));
      }
      expect(src, file).not.toMatch(/\bcreateRequire\s*\(|\brequire\s*\(/);
    };
    visit(join(VISION, 'index.ts'));
    expect(seen.size).toBeGreaterThan(10);
  });

  it('Node-only files are named *-node.ts', () => {
    for (const f of readdirSync(VISION).filter((n) => n.endsWith('.ts') && !n.endsWith('-node.ts'))) {
      expect(readFileSync(join(VISION, f), 'utf8'), f).not.toMatch(/from 'node:|from 'sharp'/);
    }
  });
});
