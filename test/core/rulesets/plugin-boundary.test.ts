import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allSystems } from '../../../src/core/rulesets/registry.js';

/**
 * A game system is one plugin: outside `src/core/rulesets` no source names a system, neither
 * by id nor by its Russian name in a string, nor imports a system's folder. Comments may.
 */
const ROOT = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|mts)$/.test(e.name) ? [p] : [];
  });
}

/** Every string a file's code holds (literals and template pieces), with its line; imports resolved. */
function stringsOf(file: string): { text: string; line: number; module: string | null }[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: { text: string; line: number; module: string | null }[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      const p = n.parent;
      const isModule = (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword)) && n.text.startsWith('.');
      out.push({ text: n.text, line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1, module: isModule ? relative(ROOT, resolve(dirname(file), n.text)) : null });
    }
    ts.forEachChild(n, walk);
  };
  walk(sf);
  return out;
}

function violations(files: readonly string[]): string[] {
  const systems = allSystems();
  const words = systems.flatMap((s) => [s.id, s.labels.name.ru.split(/[\s(«]/)[0] as string, s.data.name_ru.split(/[\s(«]/)[0] as string]);
  const names = [...new Set(words)].filter((w) => w.length > 3);
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}-])(${names.join('|')})(?=$|[^\\p{L}\\p{N}-])`, 'u');
  const folder = new RegExp(`^src/core/rulesets/(${systems.map((s) => s.id).join('|')})/`);
  const found: string[] = [];
  for (const file of files) {
    for (const s of stringsOf(file)) {
      const where = `${relative(ROOT, file)}:${s.line}`;
      if (s.module !== null && folder.test(s.module)) found.push(`${where}: imports a system's folder (${s.text})`);
      else if (pattern.test(s.text)) found.push(`${where}: names a system (${JSON.stringify(s.text.slice(0, 60))})`);
    }
  }
  return found;
}

describe('a game system is one plugin', () => {
  const outside = ['src/app', 'src/ui', 'src/vision', 'src/link', 'src/cli', 'electron'].flatMap((d) => sources(join(ROOT, d)));
  const coreOutsideRulesets = sources(join(ROOT, 'src/core')).filter((f) => !relative(ROOT, f).startsWith('src/core/rulesets/'));

  it('no source outside src/core/rulesets names a system or imports its folder', () => {
    expect(violations([...outside, ...coreOutsideRulesets])).toEqual([]);
  });

  it('the check finds a system named in a string, and an import of its folder', () => {
    // The rule must be able to fail: a system's own files name it, of course.
    const own = sources(join(ROOT, 'src/core/rulesets/bronepekhota'));
    const found = violations(own);
    expect(found.some((f) => f.includes('names a system'))).toBe(true);
    const registry = violations([join(ROOT, 'src/core/rulesets/registry.ts')]);
    expect(registry.some((f) => f.includes("imports a system's folder"))).toBe(true);
  });
});
