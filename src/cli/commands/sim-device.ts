import { DEFAULT_QUEUE_SIZE, NO_NOISE, SimDevice, type SimReading } from '../../link/sim/sim-device.js';
import { noiseFromCorrupt } from '../../link/sim/noise-from-corrupt.js';
import { parseScenario, type ScenarioStep } from '../../link/sim/scenario.js';
import { PortOpenError, SerialPortLink } from '../../link/transport/serial-port-link.js';
import { numberFlag, parseArgs, stringFlag } from '../args.js';
import { CliError } from '../cli-error.js';
import { readJsonInput } from '../read-input.js';

export const usage = 'shagomer sim-device --port PATH [--events N] [--rate HZ] [--corrupt P] [--seed S] [--boot HEX] [--scenario FILE] [--queue N] [--proto 1|2]';
const TICK_MS = 2;

export async function run(args: string[]): Promise<number> {
  const p = parseArgs(args, ['port', 'events', 'rate', 'corrupt', 'seed', 'boot', 'scenario', 'queue', 'proto']);
  const portPath = stringFlag(p, 'port');
  if (portPath === undefined || p.positional.length > 0) throw new CliError(`usage: ${usage}`);
  const events = numberFlag(p, 'events', 100, 0, 1e9);
  if (!Number.isInteger(events)) throw new CliError('--events: expected a whole number');
  const rateHz = numberFlag(p, 'rate', 10, 0.001, 100000);
  const corrupt = numberFlag(p, 'corrupt', 0, 0, 1);
  // Beyond the flags: firmware has 32 slots; benchmarks and fast tests want more.
  const queueSize = numberFlag(p, 'queue', DEFAULT_QUEUE_SIZE, 1, 65535);
  const seed = stringFlag(p, 'seed') ?? 'shagomer-sim';
  const boot = stringFlag(p, 'boot');
  if (boot !== undefined && !/^[0-9A-Fa-f]{8}$/.test(boot)) throw new CliError(`--boot: expected 8 hex digits, got "${boot}"`);
  // The highest framing the simulated hub speaks: 1 is a v1 hub (PROTOCOL.md §1–§9) that ignores VER.
  const protoFlag = stringFlag(p, 'proto');
  if (protoFlag !== undefined && protoFlag !== '1' && protoFlag !== '2') throw new CliError(`--proto: expected 1 or 2, got "${protoFlag}"`);
  const maxProto = protoFlag === '1' ? 1 : 2;
  const scenarioPath = stringFlag(p, 'scenario');
  let steps: ScenarioStep[] | null = null;
  let scenarioFw: string | undefined;
  let scenarioNodes;
  if (scenarioPath !== undefined) {
    const parsed = parseScenario(await readJsonInput(scenarioPath));
    if (!parsed.ok) throw new CliError(`${scenarioPath}: ${parsed.problem}`);
    steps = parsed.scenario.steps;
    scenarioFw = parsed.scenario.fw;
    scenarioNodes = parsed.scenario.nodes;
  }
  const say = (line: string): void => void process.stderr.write(`sim-device: ${line}\n`);

  let port: SerialPortLink | null = null;
  const device = new SimDevice({
    write: (bytes) => port?.writeBytes(bytes),
    seed,
    boot,
    fw: scenarioFw,
    nodes: scenarioNodes,
    queueSize,
    maxProto,
    noise: corrupt > 0 ? noiseFromCorrupt(corrupt) : NO_NOISE,
  });
  port = new SerialPortLink(portPath, {
    opened: () => say(`${portPath}: open, boot ${device.boot}, protocol v${maxProto}${maxProto === 1 ? ' only' : ''}`),
    data: (chunk) => device.receive(chunk),
    lost: (reason) => say(`${portPath}: lost (${reason}); retrying`),
    waiting: () => {},
  });
  try {
    await port.start(false);
  } catch (e) {
    if (e instanceof PortOpenError) throw new CliError(e.message, 2);
    throw e;
  }

  let startMs: number | null = null;
  let next = 0;
  const total = steps ? steps.length : events;
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const timer = setInterval(() => {
    if (startMs === null && device.linked) startMs = performance.now();
    if (startMs !== null) {
      const elapsedMs = performance.now() - startMs;
      while (next < total) {
        const step = steps?.[next];
        const dueMs = step ? step.atMs : (next * 1000) / rateHz;
        if (dueMs > elapsedMs) break;
        next++;
        if (step?.kind === 'reset') device.powerUp(step.boot);
        else device.reading(step ? (step.reading as SimReading) : device.randomReading());
      }
    }
    device.tick();
    if (next >= total && startMs !== null && device.idle) stop();
  }, TICK_MS);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await stopped;
  clearInterval(timer);
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  await port.stop();
  const s = device.stats;
  say(`readings ${next} of ${total}, frames sent ${s.framesSent}, retransmits ${s.retransmits}, acked ${s.acked}, lost (queue full) ${s.lostQueueFull}, lost in reset ${s.lostInReset}`);
  return 0;
}
