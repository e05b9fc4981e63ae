import { afterAll, describe, expect, it } from 'vitest';
import type { GameView } from '../../src/app/api/view.js';
import { setLang } from '../../src/ui/i18n.js';
import { linkWords } from '../../src/ui/views/words.js';

/**
 * A unit test of the renderer's words for the sensor hub's link (no browser): what the wizard's
 * hub line and the header's tooltip say, in Russian and in English, from the view's state, never
 * the app's English line.
 */
const link = (state: NonNullable<GameView['link']['state']>, status: GameView['link']['status'] = 'connected'): GameView['link'] => ({ status, detail: 'the app’s English line', state });
// setLang marks the page's language; the test has no page.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };

afterAll(() => setLang('ru'));

describe('link words', () => {
  it('says every state of the link in Russian, with the port, the hub and the OS’s reason as they are', () => {
    setLang('ru');
    expect(linkWords(link({ kind: 'opening', port: '/dev/ttyUSB0' }, 'waiting'))).toBe('открываем порт /dev/ttyUSB0');
    expect(linkWords(link({ kind: 'open', port: '/dev/ttyUSB0' }))).toBe('порт /dev/ttyUSB0 открыт, ждём хаб');
    expect(linkWords(link({ kind: 'lost', port: '/dev/ttyUSB0', reason: 'EIO' }, 'waiting'))).toBe('порт /dev/ttyUSB0: связь потеряна (EIO), подключаемся снова');
    expect(linkWords(link({ kind: 'waiting', port: '/dev/ttyUSB0', reason: 'ENOENT' }, 'waiting'))).toBe('порт /dev/ttyUSB0: ждём устройство (ENOENT)');
    expect(linkWords(link({ kind: 'hello', port: '/tmp/ttyV0', boot: '7a5e0001', fw: 'wizard-test' }))).toBe('хаб 7a5e0001, прошивка wizard-test (порт /tmp/ttyV0)');
    // Counted nouns agree with the number.
    expect(linkWords(link({ kind: 'device-lost', port: null, boot: 'ab', count: 1 }))).toBe('хаб ab потерял 1 событие до отправки');
    expect(linkWords(link({ kind: 'device-lost', port: null, boot: 'ab', count: 3 }))).toBe('хаб ab потерял 3 события до отправки');
    expect(linkWords(link({ kind: 'device-lost', port: null, boot: 'ab', count: 12 }))).toBe('хаб ab потерял 12 событий до отправки');
    // A message number is an id: no thousands separator.
    expect(linkWords(link({ kind: 'conflict', port: null, boot: 'ab', seq: 12345 }))).toBe('хаб ab: сообщение 12345 пришло снова с другим содержимым; сохранены оба');
    expect(linkWords(link({ kind: 'suspect', port: null, boot: 'ab', seq: 9 }))).toBe('хаб ab: сообщение 9 далеко от последних; записано как подозрительное');
    expect(linkWords(link({ kind: 'not-recorded', port: null, reason: 'ENOSPC' }, 'waiting'))).toBe('не записано, хаб пришлёт снова: ENOSPC');
    expect(linkWords(link({ kind: 'demo', port: null }, 'demo'))).toBe('симулятор хаба (демо)');
  });

  it('says them in English too, and falls back to the app’s line only for a view without a state', () => {
    setLang('en');
    expect(linkWords(link({ kind: 'hello', port: '/tmp/ttyV0', boot: '7a5e0001', fw: 'wizard-test' }))).toBe('hub 7a5e0001, firmware wizard-test (/tmp/ttyV0)');
    expect(linkWords(link({ kind: 'device-lost', port: null, boot: 'ab', count: 1 }))).toBe('hub ab lost 1 event it never sent');
    expect(linkWords({ status: 'connected', detail: 'older app' })).toBe('older app');
    expect(linkWords({ status: 'none', detail: '' })).toBe('—');
  });
});
