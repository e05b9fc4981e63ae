import type { ActionDraft, Intent } from '../../app/api/intents.js';
import type { ActionOfferView, ActionResultView, GameView } from '../../app/api/view.js';
import { h, option } from '../dom.js';
import { typedCommitted } from '../typed-inputs.js';
import { currentLang, pct, problem, t, term } from '../i18n.js';
import { actionHeadline, actionName, actionOddsWords, actionResultWords } from './action-words.js';

type Send = (intent: Intent) => void;

/**
 * Everything beyond a plain shot, as the system offers it to the selected model: a button per
 * action grouped by kind (with the reason when it is not offered), then the action being
 * prepared: its models (picked on the table, or found inside the radius of an aim point), its
 * choices, its exact odds in words, and the roll — virtual dice or the faces typed from the table.
 */

const KINDS: ActionOfferView['kind'][] = ['melee', 'area', 'volley', 'test'];

const nameOf = (v: GameView, id: string): string => v.models.find((m) => m.id === id)?.name ?? id;

/** The draft an offer starts with: the suggested models, no aim, each choice's first value. */
function freshDraft(offer: ActionOfferView, actorId: string): ActionDraft {
  const choices: ActionDraft['choices'] = {};
  for (const c of offer.choices) {
    const first = c.values[0];
    if (first) choices[c.id] = first.value;
  }
  const targetIds = offer.targets === 'one' ? offer.suggest.slice(0, 1) : offer.targets === 'many' ? [...offer.suggest] : [];
  return { action: offer.action, actorId, targetIds, aim: null, choices };
}

/** The draft of the selected model, and the offer it came from. */
function current(v: GameView): { draft: NonNullable<GameView['draft']>; offer: ActionOfferView } | null {
  const d = v.draft;
  if (!d || d.actorId !== v.selection.shooterId) return null;
  const offer = v.actions?.find((a) => a.action === d.action);
  return offer ? { draft: d, offer } : null;
}

const asDraft = (d: NonNullable<GameView['draft']>): ActionDraft => ({ action: d.action, actorId: d.actorId, targetIds: [...d.targetIds], aim: d.aim, choices: { ...d.choices } });

/**
 * The last pick sent from the table, until a view shows it: two quick clicks (a volley's squad
 * mate, then its target) come before the first one's view, and the second must build on the
 * first, not on the view before it (it lost the first model).
 */
let picked: ActionDraft | null = null;

const sameDraft = (a: ActionDraft, b: NonNullable<GameView['draft']>): boolean =>
  a.action === b.action && a.actorId === b.actorId && JSON.stringify(a.targetIds) === JSON.stringify(b.targetIds) && JSON.stringify(a.aim) === JSON.stringify(b.aim);

/** Sends a draft that is not a pick (a new action, a choice, cancel): picks start from the view again. */
function sendDraft(send: Send, draft: ActionDraft | null): void {
  picked = null;
  send({ type: 'draft-action', draft });
}

/**
 * A click on the table while an action is being prepared: a model joins or leaves the action
 * (one target: it replaces the last), or the point of aim moves there. True when it was taken.
 */
export function pickOnTable(v: GameView | null, send: Send, xMm: number, yMm: number, modelId: string | null): boolean {
  if (!v || v.readOnly || v.replay) return false;
  const c = current(v);
  if (!c || c.offer.targets === 'none') return false;
  if (picked && sameDraft(picked, c.draft)) picked = null;
  const pending = picked && picked.action === c.draft.action && picked.actorId === c.draft.actorId ? picked : null;
  const next = pending ? { ...pending, targetIds: [...pending.targetIds], choices: { ...c.draft.choices } } : asDraft(c.draft);
  if (c.offer.targets === 'radius') next.aim = { x_mm: Math.round(xMm), y_mm: Math.round(yMm) };
  else {
    if (!modelId || modelId === c.draft.actorId) return false;
    if (c.offer.targets === 'one') next.targetIds = [modelId];
    else next.targetIds = next.targetIds.includes(modelId) ? next.targetIds.filter((x) => x !== modelId) : [...next.targetIds, modelId].slice(0, 60);
  }
  picked = next;
  send({ type: 'draft-action', draft: next });
  return true;
}

function offerButtons(v: GameView, actorId: string, send: Send): HTMLElement[] {
  const offers = v.actions ?? [];
  return KINDS.flatMap((kind) => {
    const of = offers.filter((o) => o.kind === kind);
    if (of.length === 0) return [];
    return [
      h(
        'div',
        { class: 'row', style: 'flex-wrap:wrap;gap:4px;align-items:baseline' },
        h('span', { class: 'muted' }, `${term('actionKind', kind)}:`),
        ...of.map((o) => {
          const active = v.draft?.action === o.action && v.draft.actorId === actorId;
          return h(
            'button',
            {
              'data-testid': `action-${o.action}`,
              class: active ? 'primary' : '',
              disabled: o.offered !== null,
              title: o.offered ? o.offered[currentLang()] : undefined,
              onclick: () => sendDraft(send, freshDraft(o, actorId)),
            },
            o.label[currentLang()],
          );
        }),
      ),
      ...of.filter((o) => o.offered).map((o) => h('div', { class: 'muted', 'data-testid': `action-why-${o.action}`, style: 'font-size:12px' }, `${o.label[currentLang()]}: ${o.offered?.[currentLang()] ?? ''}`)),
    ];
  });
}

function draftSection(v: GameView, send: Send): HTMLElement | null {
  const c = current(v);
  if (!c) return null;
  const { draft, offer } = c;
  const lang = currentLang();
  const choose = (id: string, value: string | number | boolean): void => sendDraft(send, { ...asDraft(draft), choices: { ...draft.choices, [id]: value } });
  const choices = offer.choices.map((ch) => {
    const sel = h(
      'select',
      { 'data-testid': `action-choice-${ch.id}` },
      ...ch.values.map((x, i) => option(String(i), x.label[lang], draft.choices[ch.id] === x.value)),
    );
    sel.addEventListener('change', () => {
      const x = ch.values[Number(sel.value)];
      if (x) choose(ch.id, x.value);
    });
    return h('label', { style: 'display:block' }, `${ch.label[lang]}: `, sel);
  });
  const shown = offer.targets === 'radius' ? draft.involved : draft.targetIds;
  const who = h(
    'div',
    { 'data-testid': 'action-targets' },
    offer.targets === 'none' ? null : h('div', { class: 'muted' }, offer.targets === 'radius' ? t('actionPickAim') : t('actionPickTargets')),
    offer.targets === 'none' ? null : `${offer.targets === 'radius' ? t('actionInside') : t('actionTargets')}: `,
    ...(offer.targets === 'none' ? [] : shown.length === 0 ? [t('actionNobody')] : shown.map((id) => h('span', { class: 'pill', 'data-testid': `action-target-${id}`, style: 'margin-right:3px' }, nameOf(v, id)))),
  );
  const blocked = draft.reason !== null && !(draft.allowed && !draft.priced);
  const headline = actionHeadline(v, draft.harmKey, draft.parts);
  const odds = h(
    'div',
    { 'data-testid': 'action-odds', title: draft.problem ?? undefined },
    draft.priced && draft.allowed
      ? h(
          'div',
          {},
          headline ? h('div', { class: 'muted', 'data-testid': 'action-headline' }, headline) : null,
          h('b', { class: 'odds' }, pct(draft.harm)),
          ' ',
          actionOddsWords(v, draft.odds, draft.harmKey, draft.parts),
        )
      : h('div', { class: 'warn' }, draft.reason ? draft.reason[lang] : draft.problem ? problem(draft.problem) : t('actionNotPriced')),
  );
  const may = !blocked && draft.allowed;
  const typed = h('input', { 'data-testid': 'action-typed-dice', placeholder: t('typeDiceHint'), style: 'width:150px' });
  const sendTyped = (): void => {
    const dice = (typed.value.match(/\d+/g) ?? []).map(Number).slice(0, 60);
    if (dice.length === 0) return;
    typedCommitted(typed);
    send({ type: 'roll-action', dice });
  };
  typed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') sendTyped();
  });
  return h(
    'div',
    { class: 'shot', 'data-testid': 'action-draft' },
    h('h3', {}, actionName(v, draft.action)),
    who,
    ...choices,
    odds,
    draft.outOfTurn ? h('div', { class: 'warn', 'data-testid': 'action-out-of-turn' }, draft.outOfTurn[lang]) : null,
    h(
      'div',
      { class: 'row' },
      h('button', { class: 'primary', 'data-testid': 'action-roll-virtual', disabled: !may, onclick: () => send({ type: 'roll-action', dice: null }) }, t('roll')),
      // Out of turn the referee may still let it happen: journalled as an override.
      draft.outOfTurn && may ? h('button', { 'data-testid': 'action-override', onclick: () => send({ type: 'roll-action', dice: null, override: true }) }, t('actionOverride')) : null,
      h('button', { 'data-testid': 'action-cancel', onclick: () => sendDraft(send, null) }, t('actionCancel')),
    ),
    h('div', { class: 'row' }, h('label', {}, t('typeDice')), typed, h('button', { 'data-testid': 'action-roll-typed', disabled: !may, onclick: sendTyped }, t('applyTyped'))),
  );
}

/** One rolled table action: who, the odds shown before, the dice, what each model got. */
export function actionLine(v: GameView, r: ActionResultView): HTMLElement {
  return h(
    'div',
    { 'data-testid': 'action-result' },
    h('b', {}, `${nameOf(v, r.actorId)} · ${actionName(v, r.action)}${r.override ? ` (${t('actionOverridden')})` : ''}`),
    h('div', { class: 'muted' }, `${t('oddsBefore')}: ${Object.keys(r.odds).length > 0 ? actionOddsWords(v, r.odds, r.harmKey, r.targets) : t('actionNotPriced')}`),
    h('div', {}, `${t('rolled')}: ${r.diceUsed.join(' ') || '—'} (${term('source', r.dice)})`),
    h('div', { class: 'result' }, actionResultWords(v, r)),
  );
}

/** The newest rolled table action. */
function lastAction(v: GameView): HTMLElement | null {
  const r = v.actionResults?.[v.actionResults.length - 1];
  if (!r) return null;
  return h('div', {}, h('h3', {}, t('lastAction')), actionLine(v, r));
}

/** The panel, or null when the selected model has nothing to offer and nothing was rolled. */
export function actionPanel(v: GameView, send: Send): HTMLElement | null {
  const actorId = v.selection.shooterId;
  // Nothing is prepared or rolled while replaying, after the end, or on a page that only watches.
  const playing = v.phase === 'play' && !v.readOnly && !v.replay && !v.ended;
  const offers = playing && actorId ? offerButtons(v, actorId, send) : [];
  const result = lastAction(v);
  if (offers.length === 0 && !result) return null;
  return h('div', { 'data-testid': 'action-panel' }, offers.length > 0 ? h('h3', {}, t('actions')) : null, ...offers, playing ? draftSection(v, send) : null, result);
}
