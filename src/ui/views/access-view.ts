import type { PairingCode } from '../../app/api/view.js';
import { h } from '../dom.js';
import { ta } from '../i18n-access.js';
import { qrCanvas } from '../qr.js';

/** Pairing and spectator addresses: the referee's dialogs and the watching device's code form. */

function dialog(testid: string, title: string, onClose: () => void, ...body: (HTMLElement | string | null)[]): HTMLElement {
  const box: HTMLElement = h(
    'div',
    { class: 'dialog-backdrop', 'data-testid': testid, onclick: (e: Event) => (e.target === box ? onClose() : undefined) },
    h('div', { class: 'dialog' }, h('h2', {}, title), ...body, h('div', { class: 'row' }, h('button', { 'data-testid': `${testid}-close`, onclick: onClose }, ta('close')))),
  );
  return box;
}

/** The code in large digits and, when phones can reach the app, the QR code of the pairing address. */
export function pairingDialog(code: PairingCode, lan: boolean, onClose: () => void): HTMLElement {
  const url = lan ? code.pairUrls[0] : undefined;
  return dialog(
    'pairing-dialog',
    ta('pairTitle'),
    onClose,
    h('div', { class: 'pair-code', 'data-testid': 'pairing-code' }, code.code),
    h('div', { class: 'muted' }, `${ta('pairSay')} ${code.expiresInS} ${ta('seconds')}.`),
    url ? h('div', { class: 'qr' }, qrCanvas(url)) : h('div', { class: 'warn' }, ta('pairLocalOnly')),
    url ? h('div', { class: 'muted mono' }, url) : null,
  );
}

export function spectatorsDialog(urls: readonly string[], onClose: () => void): HTMLElement {
  const url = urls[0];
  return dialog(
    'spectators-dialog',
    ta('spectatorsTitle'),
    onClose,
    url ? h('div', { class: 'muted' }, ta('spectatorsSay')) : h('div', { class: 'warn' }, ta('noLan')),
    url ? h('div', { class: 'qr', 'data-testid': 'spectators-qr' }, qrCanvas(url)) : null,
    ...urls.map((u) => h('div', { class: 'mono' }, u)),
  );
}

/** On a device without a referee token: enter the code from the referee's screen. */
export function pairForm(pair: (code: string) => void, initial = ''): HTMLElement {
  const input = h('input', { 'data-testid': 'pair-code', inputmode: 'numeric', autocomplete: 'one-time-code', maxlength: 6, size: 7, value: initial, placeholder: '000000' });
  return h(
    'div',
    { class: 'pair-form', 'data-testid': 'pair-form' },
    h('div', { class: 'muted' }, ta('watching')),
    h('div', { class: 'row' }, h('label', {}, ta('pairCode')), input, h('button', { 'data-testid': 'pair-submit', onclick: () => pair(input.value.trim()) }, ta('pair'))),
  );
}
