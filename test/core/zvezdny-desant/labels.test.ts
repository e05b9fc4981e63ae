import { describe, expect, it } from 'vitest';
import { CONDUCTS, ORDERS } from '../../../src/core/rulesets/zvezdny-desant/mechanics-schema.js';
import { ZD_LABELS } from '../../../src/core/rulesets/zvezdny-desant/result-labels.js';
import { MORALE_STATES } from '../../../src/core/rulesets/stalnaya-voyna/mechanics-schema.js';
import { SV_LABELS } from '../../../src/core/rulesets/stalnaya-voyna/result-labels.js';

const cyrillic = /[а-яё]/i;

describe('every code a player may see has Russian and English words', () => {
  it('Звездный Десант: orders, conducts, reasons, melee results', () => {
    for (const code of [...ORDERS, ...CONDUCTS, 'in-melee', 'not-in-order', 'won', 'lost', 'draw', 'destroyed']) {
      const l = ZD_LABELS[code];
      expect(l, code).toBeDefined();
      expect(l?.ru, code).toMatch(cyrillic);
      expect(l?.en, code).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('Стальная война: reasons, outcomes, morale states, fire results', () => {
    const codes = ['fired-enough-this-activation', 'out-of-ammunition', 'farthest-trooper-too-far', 'not-enough-capacity', 'unharmed', 'wounded', 'killed', 'immobilised', 'destroyed', 'suit-lost', 'horse-lost', ...MORALE_STATES, 'no-effect', 'suppressed', 'casualties', 'attacker', 'defender'];
    for (const code of codes) {
      const l = SV_LABELS[code];
      expect(l, code).toBeDefined();
      expect(l?.ru, code).toMatch(cyrillic);
      expect(l?.en, code).toMatch(/^[\x20-\x7e"]+$/);
    }
  });
});

describe('every action has a name in both languages', () => {
  it('Звездный Десант and Стальная война, the issue 10 actions included', async () => {
    const { zvezdnyDesant } = await import('../../../src/core/rulesets/zvezdny-desant/system.js');
    const { stalnayaVoyna } = await import('../../../src/core/rulesets/stalnaya-voyna/system.js');
    const { zvezdnyDesantLabels } = await import('../../../src/core/rulesets/zvezdny-desant/labels.js');
    const { stalnayaVoynaLabels } = await import('../../../src/core/rulesets/stalnaya-voyna/labels.js');
    for (const [system, labels] of [[zvezdnyDesant, zvezdnyDesantLabels], [stalnayaVoyna, stalnayaVoynaLabels]] as const) {
      for (const action of Object.keys(system.actions)) {
        const l = labels.actions[action];
        expect(l, action).toBeDefined();
        expect(l?.ru, action).toMatch(/[а-яё]/i);
        expect(l?.en, action).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });
});
