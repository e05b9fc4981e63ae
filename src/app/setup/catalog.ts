import { gameSystem } from '../../core/rulesets/registry.js';
import { vtorzhenie } from '../../core/rulesets/vtorzhenie/system.js';
import type { RulesetId } from '../../core/rulesets/game-system.js';
import type { WeaponSpec } from '../api/game-events.js';
import type { Catalog, Preset } from '../api/view.js';

/**
 * Model types a club starts its armies from. Вторжение reads stamina, armour, speed and
 * weapons from its ruleset data; the other systems' data files do not carry unit tables yet,
 * so their presets hold the digest's numbers and are editable in the setup like any other.
 */

function vtorzhenieWeapon(id: string): WeaponSpec {
  const w = vtorzhenie.data.weapons[id];
  if (!w) return { id, label: id, rangeSteps: 0 };
  return { id, label: w.label_ru, rangeSteps: w.range_steps.value, power: w.power.value, accuracyBonus: w.accuracy_bonus.value };
}

function vtorzheniePresets(): Preset[] {
  const d = vtorzhenie.data;
  return [
    {
      presetId: 'trooper',
      label: { ru: 'Пехотинец (автомат)', en: 'Trooper (assault rifle)' },
      model: { kind: 'infantry', armour: d.armour.vest.value, stamina: d.stamina.infantry.value, speedSteps: d.speed_steps.infantry_light.value, baseMm: 25, heightMm: 40, weapons: [vtorzhenieWeapon('assault-rifle')] },
      sensors: [],
    },
    {
      presetId: 'sniper',
      label: { ru: 'Снайпер', en: 'Sniper' },
      model: { kind: 'infantry', armour: d.armour.vest.value, stamina: d.stamina.infantry.value, speedSteps: d.speed_steps.infantry_light.value, baseMm: 25, heightMm: 40, weapons: [vtorzhenieWeapon('sniper-rifle'), vtorzhenieWeapon('pistol')] },
      sensors: [],
    },
    {
      presetId: 'cyber-trooper',
      label: { ru: 'Кибер-пехотинец', en: 'Cyber trooper' },
      model: { kind: 'infantry', armour: d.armour.armour_suit.value, stamina: d.stamina.infantry.value, speedSteps: d.speed_steps.infantry_light.value, baseMm: 25, heightMm: 42, weapons: [vtorzhenieWeapon('assault-rifle')] },
      sensors: [],
    },
    {
      presetId: 'necrocyborg',
      label: { ru: 'Некрокиборг', en: 'Necrocyborg' },
      model: { kind: 'cyborg', armour: d.armour.cyborg.value, stamina: d.stamina.cyborg.value, speedSteps: d.speed_steps.cyborg.value, baseMm: 40, heightMm: 60, weapons: [vtorzhenieWeapon('machine-gun')] },
      sensors: ['hit', 'tilt'],
    },
    {
      presetId: 'tank',
      label: { ru: 'Танк', en: 'Tank' },
      model: { kind: 'vehicle', armour: d.armour.vehicle_front.value, stamina: d.stamina.vehicle.value, speedSteps: d.speed_steps.vehicle.value, baseMm: 80, heightMm: 60, weapons: [vtorzhenieWeapon('tank-gun'), vtorzhenieWeapon('machine-gun')] },
      sensors: ['hit', 'tilt', 'launcher'],
    },
    {
      presetId: 'gun',
      label: { ru: 'Орудие', en: 'Gun' },
      model: { kind: 'gun', armour: d.armour.vehicle_side.value, stamina: d.stamina.vehicle.value, speedSteps: d.speed_steps.infantry_heavy.value, baseMm: 50, heightMm: 35, weapons: [vtorzhenieWeapon('tank-gun')] },
      sensors: ['hit', 'tilt', 'launcher'],
    },
  ];
}

const simple = (presetId: string, ru: string, en: string, model: Preset['model'], sensors: Preset['sensors'] = []): Preset => ({ presetId, label: { ru, en }, model, sensors });

const PRESETS: Record<Exclude<RulesetId, 'vtorzhenie'>, Preset[]> = {
  bronepekhota: [
    simple('trooper', 'Пехотинец', 'Trooper', { kind: 'infantry', unitType: 'infantry', armour: 3, stamina: 1, speedSteps: 4, baseMm: 25, heightMm: 40, weapons: [{ id: 'assault-rifle', label: 'Автомат', rangeSteps: 8, shooting: 2 }] }),
    simple('walker', 'Шагоход с пилотом', 'Walker', { kind: 'vehicle', unitType: 'walker', armour: 6, stamina: 6, speedSteps: 5, baseMm: 60, heightMm: 80, weapons: [{ id: 'machine-gun', label: 'Пулемёт', rangeSteps: 12, shooting: 3 }] }, ['hit', 'tilt', 'launcher']),
    simple('mobile-gun', 'Мобильное орудие', 'Mobile gun', { kind: 'gun', unitType: 'mobile-gun', armour: 5, stamina: 4, speedSteps: 1, baseMm: 50, heightMm: 35, weapons: [{ id: 'cannon', label: 'Орудие', rangeSteps: 20, shooting: 3 }] }, ['hit', 'tilt', 'launcher']),
    simple('cyborg', 'Киборг', 'Cyborg', { kind: 'cyborg', unitType: 'cyborg', armour: 5, stamina: 4, speedSteps: 5, baseMm: 40, heightMm: 60, weapons: [{ id: 'beam', label: 'Лучемёт', rangeSteps: 10, shooting: 3 }] }, ['hit', 'tilt', 'launcher']),
  ],
  'zvezdny-desant': [
    simple('trooper', 'Десантник', 'Trooper', { kind: 'infantry', armour: 2, stamina: 1, speedSteps: 5, baseMm: 25, heightMm: 40, weapons: [{ id: 'rifle', label: 'Винтовка', rangeSteps: 24 }] }),
    simple('heavy', 'Тяжёлый пехотинец', 'Heavy trooper', { kind: 'infantry', armour: 3, stamina: 2, speedSteps: 4, baseMm: 32, heightMm: 45, weapons: [{ id: 'heavy-gun', label: 'Тяжёлое оружие', rangeSteps: 30 }] }),
    simple('bug', 'Жук', 'Bug', { kind: 'creature', armour: 1, stamina: 2, speedSteps: 8, baseMm: 40, heightMm: 35, weapons: [] }),
  ],
  'stalnaya-voyna': [
    simple('rifleman', 'Стрелок', 'Rifleman', { kind: 'infantry', armour: 4, stamina: 1, speedSteps: 6, baseMm: 25, heightMm: 28, weapons: [{ id: 'rifle', label: 'Винтовка', rangeSteps: 24, quality: 'd6', rof: 1 }] }),
    simple('mg-team', 'Пулемётный расчёт', 'MG team', { kind: 'infantry', armour: 4, stamina: 1, speedSteps: 4, baseMm: 40, heightMm: 28, weapons: [{ id: 'mg', label: 'Пулемёт', rangeSteps: 30, quality: 'd8', rof: 4 }] }),
    simple('tank', 'Танк', 'Tank', { kind: 'vehicle', armour: 10, stamina: 3, speedSteps: 12, baseMm: 70, heightMm: 40, weapons: [{ id: 'gun', label: 'Пушка', rangeSteps: 40, quality: 'd8', rof: 1 }] }),
  ],
};

export function catalog(): Catalog {
  return (['vtorzhenie', 'bronepekhota', 'zvezdny-desant', 'stalnaya-voyna'] as const).map((id) => {
    const data = gameSystem(id)?.data;
    return {
      ruleset: id,
      name: { ru: data?.name_ru ?? id, en: data?.name_en ?? id },
      realShots: id === 'vtorzhenie' || id === 'bronepekhota',
      presets: id === 'vtorzhenie' ? vtorzheniePresets() : PRESETS[id],
    };
  });
}
