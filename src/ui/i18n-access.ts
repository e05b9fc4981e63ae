import { currentLang } from './i18n.js';

/** Strings of the referee/spectator screens (pairing, QR codes, the phone view), Russian and English. */
const ru = {
  pairDevice: 'Подключить устройство',
  pairTitle: 'Подключение судейского устройства',
  pairSay: 'Введите этот код на другом устройстве (или наведите камеру телефона на QR-код). Код действует',
  seconds: 'с',
  pairLocalOnly: 'Приложение открыто только на этом компьютере: чтобы телефоны могли подключиться, запустите его с --host 0.0.0.0.',
  close: 'Закрыть',
  watching: 'Это устройство только смотрит игру. Чтобы судить с него, введите код с экрана судьи. На компьютере, где запущено приложение, откройте адрес, который напечатала команда serve.',
  pairCode: 'Код',
  pair: 'Стать судьёй',
  paired: 'Устройство подключено: теперь вы судья.',
  spectatorsQr: 'Зрители',
  spectatorsTitle: 'Смотреть с телефона',
  spectatorsSay: 'Наведите камеру телефона на код или откройте адрес:',
  noLan: 'Сетевой адрес не найден: подключите компьютер к сети клуба.',
  score: 'Счёт',
  alive: 'в строю',
  lost: 'потери',
  damageDealt: 'нанесено урона',
  turnOf: 'очередь',
  noShotYet: 'Выстрелов ещё не было',
  lastShot: 'Последний выстрел',
  shotNow: 'Идёт выстрел',
};

type Keys = keyof typeof ru;

const en: Record<Keys, string> = {
  pairDevice: 'Pair a device',
  pairTitle: 'Pair a referee device',
  pairSay: 'Enter this code on the other device (or point a phone camera at the QR code). The code is valid for',
  seconds: 's',
  pairLocalOnly: 'The app is open on this computer only: start it with --host 0.0.0.0 so phones can reach it.',
  close: 'Close',
  watching: 'This device only watches the game. To referee from it, enter the code from the referee screen. On the computer running the app, open the address that serve printed.',
  pairCode: 'Code',
  pair: 'Become referee',
  paired: 'Device paired: you are a referee now.',
  spectatorsQr: 'Spectators',
  spectatorsTitle: 'Watch on a phone',
  spectatorsSay: 'Point a phone camera at the code or open the address:',
  noLan: 'No network address found: connect this computer to the club network.',
  score: 'Score',
  alive: 'standing',
  lost: 'lost',
  damageDealt: 'damage dealt',
  turnOf: 'to act',
  noShotYet: 'No shots yet',
  lastShot: 'Last shot',
  shotNow: 'Shot in progress',
};

export function ta(key: Keys): string {
  return (currentLang() === 'ru' ? ru : en)[key];
}
