/**
 * Keeps what did not change when a panel is built again: each view builds the side panel anew,
 * and putting the whole tree in again costs a style, layout and paint of every row. A section
 * marked `data-reuse` (its handlers use nothing that it does not show) whose new build is the same
 * as the one on screen stays; every other section is replaced by its new build.
 */

/** True when two built trees show the same: tags, attributes, texts and form state. */
export function sameTree(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType) return false;
  if (!(a instanceof Element) || !(b instanceof Element)) return a.nodeValue === b.nodeValue;
  if (a.tagName !== b.tagName || a.attributes.length !== b.attributes.length) return false;
  for (const { name, value } of a.attributes) if (b.getAttribute(name) !== value) return false;
  if (a instanceof HTMLInputElement && b instanceof HTMLInputElement && (a.value !== b.value || a.checked !== b.checked || a.disabled !== b.disabled)) return false;
  if (a instanceof HTMLSelectElement && b instanceof HTMLSelectElement && (a.value !== b.value || a.disabled !== b.disabled)) return false;
  if (a instanceof HTMLOptionElement && b instanceof HTMLOptionElement && a.selected !== b.selected) return false;
  if (a instanceof HTMLButtonElement && b instanceof HTMLButtonElement && a.disabled !== b.disabled) return false;
  if (a.childNodes.length !== b.childNodes.length) return false;
  for (let i = 0; i < a.childNodes.length; i++) if (!sameTree(a.childNodes[i] as Node, b.childNodes[i] as Node)) return false;
  return true;
}

/**
 * Shows `next` in `host`: when `host` already holds a panel of the same tag and class, its
 * sections are patched in place (kept where `data-reuse` and unchanged, replaced otherwise);
 * else `next` simply replaces what is there.
 */
export function showPanel(host: Element, next: HTMLElement): void {
  const old = host.firstElementChild;
  if (host.childNodes.length !== 1 || !(old instanceof HTMLElement) || old.tagName !== next.tagName || old.className !== next.className) {
    host.replaceChildren(next);
    return;
  }
  for (const { name } of [...old.attributes]) if (!next.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of next.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  const prev = [...old.childNodes];
  const fresh = [...next.childNodes];
  fresh.forEach((n, i) => {
    const p = prev[i];
    if (p && p instanceof HTMLElement && p.hasAttribute('data-reuse') && sameTree(p, n)) return;
    if (p) old.replaceChild(n, p);
    else old.append(n);
  });
  for (const p of prev.slice(fresh.length)) p.remove();
}
