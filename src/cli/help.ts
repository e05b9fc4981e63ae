/**
 * `shagomer COMMAND --help`: the usage line and every option explained, answered before the
 * command's module loads (so `locate --help` never waits for OpenCV). Every command in
 * main.ts's table must have an entry here; a test holds them together.
 */
export interface CommandHelp {
  usage: string;
  about: string;
  options: readonly (readonly [flag: string, meaning: string])[];
  notes?: readonly string[];
}

const BOARD = 'charuco:7x5:30:22:DICT_4X4_50';

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  resolve: {
    usage: 'shagomer resolve FILE|- [--ruleset-file RULESET.json]',
    about: 'Resolves one rules scenario: a JSON object in (ruleset, action, its fields, optional dice/seed/exact), one JSON object out.',
    options: [
      ['FILE|-', 'the scenario file, or - to read it from standard input'],
      ['--ruleset-file RULESET.json', "a club's own ruleset data in place of the shipped one (checked against the system's schema)"],
    ],
    notes: ['"dice": [..] uses typed dice, "seed": "S" seeds the virtual dice, "exact": true adds exact odds as fractions.'],
  },
  ranges: {
    usage: 'shagomer ranges SCENE.json|- [--table-rules TABLE-RULES.json]',
    about: 'Steps, range bands, line of sight, cover and moves for every pair of models of a table scene.',
    options: [
      ['SCENE.json|-', 'the scene (ruleset, models, terrain), or - for standard input'],
      ['--table-rules TABLE-RULES.json', "a club's own measuring, sight and cover rules in place of the system's"],
    ],
  },
  markers: {
    usage: `shagomer markers [--out DIR] [--dpi N] [--table WxD] [--anchor-mm N] [--tag-mm N] [--tag-height-mm N] [--tags A-B] [--board ${BOARD}] [--name NAME] [--pdf [--paper a4|letter] [--lang ru|en]]`,
    about: 'Writes printable true-scale marker sheets (ChArUco board, table anchors, base tags) and the table profile that matches them.',
    options: [
      ['--out DIR', 'where the sheets and the profile go (default: calibration)'],
      ['--dpi N', 'resolution of the sheets, 72–1200 (default 300)'],
      ['--table WxD', 'table width and depth in mm, 300–5000 each (default 1800x1200)'],
      ['--anchor-mm N', 'side of each table anchor marker in mm, 20–300 (default 80)'],
      ['--tag-mm N', 'side of each base tag in mm, 8–100 (default 20)'],
      ['--tag-height-mm N', 'height of a tag above the table in mm, 0–300 (default 4)'],
      ['--tags A-B', 'the range of tag ids to print, within 0–49 (default all that are not anchors)'],
      ['--board SPEC', `the calibration board as charuco:COLSxROWS:SQUARE_MM:MARKER_MM:DICTIONARY (default ${BOARD})`],
      ['--name NAME', 'the table profile\'s name (default "W x D cm table")'],
      ['--pdf', 'write one true-scale PDF of all sheets (ids beside every marker, a mm scale bar, a 50 mm check square) instead of PNG pages'],
      ['--paper a4|letter', 'the PDF\'s paper size (default a4; only with --pdf)'],
      ['--lang ru|en', 'the language of the PDF\'s words (default ru; only with --pdf)'],
    ],
  },
  'calibrate-camera': {
    usage: `shagomer calibrate-camera IMAGES... --out camera.json [--board ${BOARD}]`,
    about: 'Computes the camera intrinsics (focal length, centre, lens distortion) from photographs of the printed ChArUco board.',
    options: [
      ['IMAGES...', 'photographs of the board from different angles and places in the frame (JPEG or PNG, one size)'],
      ['--out camera.json', 'the camera file to write'],
      ['--board SPEC', `the board as printed (default ${BOARD})`],
    ],
  },
  locate: {
    usage: 'shagomer locate IMAGE --profile table.json [--camera camera.json] [--objects] [--background EMPTY_TABLE_IMAGE] [--model MODEL.onnx | --geometric] [--json]',
    about: 'Finds the table anchors, the camera pose, every tag and every miniature in table millimetres from one photograph.',
    options: [
      ['IMAGE', 'the photograph of the table (JPEG or PNG)'],
      ['--profile table.json', 'the table profile written by "shagomer markers"'],
      ['--camera camera.json', 'the camera file from "shagomer calibrate-camera" (default: intrinsics guessed from the image)'],
      ['--objects', 'find every miniature, standing or fallen, with the learned detector; no empty-table photograph needed'],
      ['--background EMPTY_TABLE_IMAGE', 'a photograph of the empty table from the same camera: every miniature is found too, the difference an extra input to the learned detector, which then also looks at mirror images of the table (if its anchors show the camera moved, it is left out and stderr says so)'],
      ['--model MODEL.onnx', 'another detector model (default: the one shipped in models/)'],
      ['--geometric', 'with --background: find the miniatures by the geometric rules instead (the baseline; no confidence)'],
      ['--json', 'print JSON instead of a description'],
    ],
  },
  link: {
    usage: 'shagomer link --port PATH --record FILE.jsonl [--duration S] [--wait]',
    about: 'Records every event of a sensor hub on a serial port exactly once, acknowledging each only after it is on disk.',
    options: [
      ['--port PATH', 'the serial device (e.g. /dev/ttyUSB0, or a pty)'],
      ['--record FILE.jsonl', 'the record file; events already in it are not recorded twice'],
      ['--duration S', 'stop after S seconds (default: until Ctrl-C)'],
      ['--wait', 'wait for the port to appear instead of failing when it is missing'],
    ],
  },
  'sim-device': {
    usage: 'shagomer sim-device --port PATH [--events N] [--rate HZ] [--corrupt P] [--seed S] [--boot HEX] [--scenario FILE] [--queue N] [--proto 1|2]',
    about: 'Simulates a sensor hub speaking the wire protocol on a serial port (use one end of a socat pty pair).',
    options: [
      ['--port PATH', 'the serial device to speak on'],
      ['--events N', 'how many random events to send (default 100)'],
      ['--rate HZ', 'events per second (default 10)'],
      ['--corrupt P', 'probability 0–1 that a byte on the line is damaged (default 0)'],
      ['--seed S', 'seed of the random events and damage (default shagomer-sim)'],
      ['--boot HEX', 'the boot id, 8 hex digits (default: random)'],
      ['--scenario FILE', 'a JSON script of events to send instead of random ones'],
      ['--queue N', 'unacknowledged events the device keeps, 1–65535 (default as the firmware)'],
      ['--proto 1|2', 'the highest protocol version the hub speaks (default 2): 1 is an old hub that ignores VER,2 and sends only v1 frames, without length and CRC-32C'],
    ],
  },
  serve: {
    usage: 'shagomer serve [--port N] [--host H] [--allow-host NAME,...] [--data DIR] [--serial PATH] [--table TABLE.json --camera CAMERA.json] [--demo]',
    about: 'Serves the table app to a browser on this machine; spectators watch at /spectate.',
    options: [
      ['--port N', 'the HTTP port (default 8470; 0 picks a free one)'],
      ['--host H', 'the address to listen on (default 127.0.0.1; 0.0.0.0 lets phones on the network watch)'],
      ['--allow-host NAME,...', 'more host names the app answers to (besides localhost, the bound address and, with 0.0.0.0, this machine\'s names)'],
      ['--data DIR', 'where games are kept (default $SHAGOMER_DATA or ~/.shagomer)'],
      ['--serial PATH', 'the sensor hub\'s serial port; the app waits for it and says what it waits for'],
      ['--table TABLE.json', 'the table profile for the camera (with --camera)'],
      ['--camera CAMERA.json', 'the camera file for the camera (with --table)'],
      ['--demo', 'start the bundled demo game'],
    ],
  },
  demo: {
    usage: 'shagomer demo [--script FILE] [--data DIR] [--json]',
    about: 'Plays the bundled demo session headless (camera frames, hub readings, rules) and prints the scored game.',
    options: [
      ['--script FILE', 'another demo script (default: the bundled one)'],
      ['--data DIR', 'where the demo game is kept (default: a new temporary folder)'],
      ['--json', 'print the final state as JSON'],
    ],
  },
  replay: {
    usage: 'shagomer replay FILE|- [--json] [--lang ru|en]',
    about: "Folds a game's events, either an app journal exported as .jsonl or a JSON array of core game events: the game turn by turn in words, or its final state.",
    options: [
      ['FILE|-', 'the journal (.jsonl) or the JSON array of events, or - for standard input'],
      ['--json', 'print the final state: {"turn", "models", "rejected"}'],
      ['--lang ru|en', 'the language of the words and of the refusals\' reasons (default ru)'],
    ],
    notes: ['Events the rules refuse (out of turn, phases interleaved…) are listed with their reason; a record that is not an event exits 2.'],
  },
  roster: {
    usage: 'shagomer roster validate ROSTER.json|- [--json]',
    about: "Checks an army list against its system's catalogue: unit types, figures, options, custom stats, points and army limits.",
    options: [
      ['ROSTER.json|-', 'the roster (format in src/core/rulesets/README.md), or - for standard input'],
      ['--json', 'print the points and limits used as JSON'],
    ],
    notes: ['A good roster prints "<system>: points P/MAX, figures F, units U"; each problem is one line on stderr, exit 2.'],
  },
};

export function formatHelp(name: string, help: CommandHelp): string {
  const width = Math.max(...help.options.map(([flag]) => flag.length));
  return [
    `usage: ${help.usage}`,
    '',
    help.about,
    '',
    'options:',
    ...help.options.map(([flag, meaning]) => `  ${flag.padEnd(width)}  ${meaning}`),
    `  ${'--help, -h'.padEnd(width)}  show this help`,
    ...(help.notes && help.notes.length > 0 ? ['', ...help.notes] : []),
    '',
    `Bad input exits 2 with one line naming the file or option; see "shagomer --help" for all commands (${name} is one).`,
  ].join('\n');
}
