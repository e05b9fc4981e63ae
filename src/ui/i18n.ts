/**
 * Interface language. Game terms stay in Russian in both languages, as the rulebooks print
 * them (шаг, сверхмалая дистанция, критический бросок…); the English UI glosses them.
 */
export type Lang = 'ru' | 'en';

const ru = {
  newGame: 'Новая игра',
  system: 'Система',
  title: 'Название',
  playerA: 'Игрок A',
  playerB: 'Игрок B',
  create: 'Создать',
  pastGames: 'Прошлые игры',
  open: 'Открыть',
  export: 'Экспорт',
  import: 'Импорт',
  demo: 'Демо-партия',
  demoOffer: 'Камеры и датчиков нет — можно сыграть записанную демо-партию.',
  armies: 'Армии',
  addModel: 'Добавить',
  model: 'Модель',
  name: 'Имя',
  player: 'Игрок',
  tag: 'Метка',
  hitNode: 'Датчик попадания',
  tiltNode: 'Датчик падения',
  launcherNode: 'Пускатель',
  bind: 'Привязать',
  remove: 'Убрать',
  place: 'Расставить по краям',
  firstPlayer: 'Первым ходит',
  startGame: 'Начать игру',
  turn: 'Ход',
  acts: 'ходит',
  endTurn: 'Конец хода',
  undo: 'Отменить',
  selected: 'Выбрана',
  target: 'Цель',
  weapon: 'Оружие',
  odds: 'Шансы',
  noOdds: 'Шансов нет',
  distance: 'Расстояние',
  steps: 'шаги',
  band: 'Дистанция',
  inRange: 'в пределах дальности',
  outOfRange: 'вне дальности',
  closeCombat: 'ближний бой',
  los: 'Видимость',
  shot: 'Выстрел',
  openShot: 'Выстрел вручную',
  waitingHits: 'ждём попадания и падения…',
  hit: 'попадание',
  fell: 'упала',
  ricochet: 'рикошет',
  miss: 'промах',
  critDie: 'Критический бросок (D6)',
  critPrompt: 'Введите значение кубика или бросьте виртуальный',
  virtualDie: 'Виртуальный кубик',
  commit: 'Принять',
  cancel: 'Отменить выстрел',
  correct: 'Исправить',
  damage: 'Повреждения',
  destroyed: 'уничтожена',
  nextTurn: 'Следующий ход',
  history: 'Журнал',
  moves: 'Перемещения',
  standUp: 'Поднять',
  activate: 'Активировать',
  acting: 'действует',
  lying: 'лежит',
  spectator: 'Зритель',
  link: 'Датчики',
  camera: 'Камера',
  cameraOff: 'камера недоступна',
  hintSelect: 'Щёлкните свою модель, затем цель. Перетаскивайте модели мышью.',
  setupPhase: 'Расстановка',
  noGame: 'Игра не открыта',
  records: 'записей',
  damaged: 'повреждённых',
};

type Keys = keyof typeof ru;

const en: Record<Keys, string> = {
  newGame: 'New game',
  system: 'System',
  title: 'Title',
  playerA: 'Player A',
  playerB: 'Player B',
  create: 'Create',
  pastGames: 'Past games',
  open: 'Open',
  export: 'Export',
  import: 'Import',
  demo: 'Demo game',
  demoOffer: 'No camera and no sensors — play the recorded demo game.',
  armies: 'Armies',
  addModel: 'Add',
  model: 'Model',
  name: 'Name',
  player: 'Player',
  tag: 'Tag',
  hitNode: 'Hit sensor',
  tiltNode: 'Tilt sensor',
  launcherNode: 'Launcher',
  bind: 'Bind',
  remove: 'Remove',
  place: 'Deploy along the edges',
  firstPlayer: 'First player',
  startGame: 'Start the game',
  turn: 'Turn',
  acts: 'to act',
  endTurn: 'End turn',
  undo: 'Undo',
  selected: 'Selected',
  target: 'Target',
  weapon: 'Weapon',
  odds: 'Odds',
  noOdds: 'No odds',
  distance: 'Distance',
  steps: 'шаги (steps)',
  band: 'Дистанция (band)',
  inRange: 'in range',
  outOfRange: 'out of range',
  closeCombat: 'ближний бой (close combat)',
  los: 'Line of sight',
  shot: 'Shot',
  openShot: 'Manual shot',
  waitingHits: 'waiting for hits and falls…',
  hit: 'hit',
  fell: 'fell',
  ricochet: 'ricochet',
  miss: 'miss',
  critDie: 'Критический бросок (critical D6)',
  critPrompt: 'Type the die you rolled, or roll the virtual die',
  virtualDie: 'Virtual die',
  commit: 'Commit',
  cancel: 'Cancel shot',
  correct: 'Correct',
  damage: 'Damage',
  destroyed: 'destroyed',
  nextTurn: 'Next turn',
  history: 'Journal',
  moves: 'Moves',
  standUp: 'Stand up',
  activate: 'Activate',
  acting: 'acting',
  lying: 'lying',
  spectator: 'Spectator',
  link: 'Sensors',
  camera: 'Camera',
  cameraOff: 'no camera',
  hintSelect: 'Click your model, then a target. Drag models with the mouse.',
  setupPhase: 'Deployment',
  noGame: 'No game open',
  records: 'records',
  damaged: 'damaged',
};

/** Russian terms kept in both languages. */
export const BANDS: Record<string, string> = {
  'close-combat': 'ближний бой',
  'extra-short': 'сверхмалая',
  short: 'малая',
  medium: 'средняя',
  long: 'дальняя',
};

export const NEXT_TURN: Record<string, string> = {
  normal: 'как обычно',
  'no-move': 'не может двигаться',
  skip: 'пропускает ход',
  'stands-shoots': 'стоит, но стреляет',
  'shoots-every-other-turn': 'стреляет через ход',
  destroyed: 'уничтожена',
};

export const EVENT_NAMES: Record<Lang, Record<string, string>> = {
  ru: { 'game-created': 'игра создана', 'model-added': 'модель', 'model-removed': 'модель убрана', 'binding-set': 'привязка', 'setup-finished': 'начало игры', positions: 'позиции', sensor: 'датчик', 'shot-opened': 'выстрел', 'shot-corrected': 'исправление', 'shot-committed': 'результат', 'shot-cancelled': 'выстрел отменён', 'model-stood-up': 'поднята', 'unit-activated': 'активация', 'turn-ended': 'конец хода', undo: 'отмена' },
  en: { 'game-created': 'game created', 'model-added': 'model', 'model-removed': 'model removed', 'binding-set': 'binding', 'setup-finished': 'game start', positions: 'positions', sensor: 'sensor', 'shot-opened': 'shot', 'shot-corrected': 'correction', 'shot-committed': 'result', 'shot-cancelled': 'shot cancelled', 'model-stood-up': 'stood up', 'unit-activated': 'activation', 'turn-ended': 'end of turn', undo: 'undo' },
};

let lang: Lang = (globalThis.localStorage?.getItem('shagomer.lang') as Lang | null) === 'en' ? 'en' : 'ru';

export function currentLang(): Lang {
  return lang;
}

export function setLang(next: Lang): void {
  lang = next;
  globalThis.localStorage?.setItem('shagomer.lang', next);
  document.documentElement.lang = next;
}

export function t(key: Keys): string {
  return (lang === 'ru' ? ru : en)[key];
}
