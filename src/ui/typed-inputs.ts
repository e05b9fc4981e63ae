/**
 * What a player has typed but not yet committed survives a redraw. Panels are built anew on
 * every view (a camera frame, the other player's move), so a field being typed into would come
 * back with the value the app last knew, and lose the focus. Each text field built by `h()` with
 * a `data-testid` is remembered by that id; when the next build makes a field with the same id
 * and the app's value for it has not changed meanwhile, the typed value (and the focus, caret
 * included) moves over. A value the app changed (committed, or changed elsewhere) wins.
 */

/** Field kinds whose value is typed (not files, boxes or colours). */
const TYPED = new Set(['text', 'number', 'search', 'tel', 'url', 'email', '']);

/** The value each field was built with: what the app knew when it drew it. */
const builtWith = new WeakMap<HTMLInputElement | HTMLTextAreaElement, string>();
/** The newest field built under each id. */
const byId = new Map<string, HTMLInputElement | HTMLTextAreaElement>();

type Field = HTMLInputElement | HTMLTextAreaElement;

function typedField(el: Element): el is Field {
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TYPED.has(el.getAttribute('type') ?? ''));
}

let listening = false;

/**
 * The field typed into is the one to take over from: a panel section kept on screen because its
 * new build was the same (dom-patch.ts) is typed into, not the build that was thrown away.
 */
function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'input',
    (e) => {
      const el = e.target;
      if (el instanceof Element && typedField(el) && el.dataset.testid) byId.set(el.dataset.testid, el);
    },
    true,
  );
  // Chromium commits a focused field taken off the page (a change event as it goes): a redraw is
  // not the player leaving the field, so that change is held back until the player does leave it.
  window.addEventListener(
    'change',
    (e) => {
      if (e.target instanceof Element && typedField(e.target) && redrawn.has(e.target)) e.stopImmediatePropagation();
    },
    true,
  );
}

/** Fields being taken off the page by a redraw while focused. */
const redrawn = new Set<Element>();

/** Called by `h()` for every element it built: takes over what was typed into the field's previous build. */
export function keepTyped(el: Element): void {
  if (!typedField(el)) return;
  listen();
  const id = el.dataset.testid;
  if (!id) return;
  const built = el.value;
  const prev = onScreen(id, byId.get(id));
  byId.set(id, el);
  if (!prev || prev === el) {
    builtWith.set(el, built);
    return;
  }
  const prevBuilt = builtWith.get(prev) ?? prev.value;
  const uncommitted = prev.value !== prevBuilt && built === prevBuilt;
  builtWith.set(el, uncommitted ? prevBuilt : built);
  if (uncommitted) el.value = prev.value;
  if (prev.isConnected && document.activeElement === prev) moveFocus(prev, el);
}

/**
 * The field on screen under this id: the one remembered, or (when a panel section was kept
 * because its new build was the same, dom-patch.ts) the one still shown in its place. A field
 * no longer on screen (a panel closed, another game) hands nothing over.
 */
function onScreen(id: string, remembered: Field | undefined): Field | undefined {
  if (!remembered || remembered.isConnected) return remembered;
  const shown = document.querySelector(`[data-testid="${CSS.escape(id)}"]`);
  return shown && typedField(shown) && builtWith.has(shown) ? shown : undefined;
}

/** Another game is open: nothing typed for the last one is handed to this one's fields. */
export function forgetTyped(): void {
  byId.clear();
}

/** The focus (and caret) of a field being typed into, onto its new build once that is on screen. */
function moveFocus(prev: Field, next: Field): void {
  let caret: [number, number] | null = null;
  try {
    caret = prev.selectionStart === null || prev.selectionEnd === null ? null : [prev.selectionStart, prev.selectionEnd];
  } catch {
    caret = null; // number fields have no caret to read
  }
  redrawn.add(prev);
  queueMicrotask(() => {
    redrawn.delete(prev);
    // The newest build of the field (a kept editor may have built its own meanwhile).
    const id = next.dataset.testid;
    const newest = id ? byId.get(id) : undefined;
    const target = next.isConnected ? next : newest?.isConnected ? newest : null;
    if (!target) return;
    // Only if the redraw took the focus away (it is on the page's body now), never from another field.
    const active = document.activeElement;
    if (active !== null && active !== document.body && active !== prev) return;
    target.focus({ preventScroll: true });
    if (caret) {
      try {
        target.setSelectionRange(Math.min(caret[0], target.value.length), Math.min(caret[1], target.value.length));
      } catch {
        // a field without a caret
      }
    }
    commitOnLeave(target);
  });
}

/** The change held back by a redraw happens when the player leaves the field (unless the field says it itself). */
function commitOnLeave(el: Field): void {
  let said = false;
  const onChange = (): void => {
    said = true;
  };
  el.addEventListener('change', onChange);
  el.addEventListener(
    'blur',
    () => {
      el.removeEventListener('change', onChange);
      if (!said && el.value !== builtWith.get(el)) el.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { once: true },
  );
}

/** The field's value was used (dice rolled, a name added): a redraw starts it from the app's value again. */
export function typedCommitted(el: Field): void {
  builtWith.set(el, el.value);
}

/**
 * An element kept across redraws but moved to a new parent (moving it takes the focus away):
 * call before the move, while the old tree is on screen; the focus comes back once it is shown.
 */
export function keepFocusIn(root: HTMLElement): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active) || !typedField(active)) return;
  moveFocus(active, active);
}
