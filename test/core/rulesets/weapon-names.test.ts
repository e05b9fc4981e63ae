import { describe, expect, it } from 'vitest';
import { allSystems } from '../../../src/core/rulesets/registry.js';

/** Every catalogue weapon is named in both languages: Russian in Cyrillic, English a capitalised name (not its id spelled out). */
describe('catalogue weapon names', () => {
  for (const system of allSystems()) {
    it(`${system.id}: each weapon has a Russian and an English name`, () => {
      const weapons = Object.entries(system.catalogue.weapons);
      expect(weapons.length).toBeGreaterThan(0);
      for (const [id, w] of weapons) {
        expect(w.label.ru, id).toMatch(/^[А-ЯЁ][а-яёА-ЯЁ /()«»-]*$/);
        expect(w.label.en, id).toMatch(/^[A-Z][A-Za-z /()-]*$/);
      }
    });
  }
});
