import { access, constants, stat } from 'node:fs/promises';
import { SerialPort } from 'serialport';
import { guardReads } from './guard-reads.js';

export const BAUD_RATE = 115200;
/** The bound: a vanished port is tried again at least this often. */
export const RETRY_MS = 200;
/**
 * A port that delivered bytes and then none for this long is dead (the device sends a heartbeat
 * after 1 s of silence, PROTOCOL.md §5): it is closed and reopened.
 */
export const SILENCE_MS = 3500;
/** How often an open port's path and silence are checked. */
const WATCH_MS = 250;

/** The device node a path names now (a restarted socat puts a new pty behind the same link). */
async function deviceOf(path: string): Promise<string | null> {
  try {
    const st = await stat(path);
    return `${st.dev}:${st.ino}:${st.rdev}`;
  } catch {
    return null;
  }
}

export interface PortHandlers {
  opened(): void;
  data(chunk: Buffer): void;
  /** The port closed or vanished; `reason` says why, for the user. */
  lost(reason: string): void;
  /** Another attempt to open failed; still retrying. */
  waiting(reason: string): void;
}

/** A first open that failed for a reason the user must fix (bad path, permission). */
export class PortOpenError extends Error {
  constructor(
    message: string,
    readonly code: 'ENOENT' | 'EACCES' | 'OTHER',
  ) {
    super(message);
  }
}

async function checkPath(path: string): Promise<PortOpenError | undefined> {
  try {
    await access(path, constants.R_OK | constants.W_OK);
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return new PortOpenError(`${path}: no such port`, 'ENOENT');
    if (code === 'EACCES' || code === 'EPERM') return new PortOpenError(`${path}: permission denied (add yourself to the dialout group?)`, 'EACCES');
    return new PortOpenError(`${path}: cannot open (${code ?? String(e)})`, 'OTHER');
  }
}

/**
 * A serial port opened by path (ptys included: SerialPort.list() does not show them) that
 * reopens itself: after a loss it retries every RETRY_MS until the path works again.
 */
export class SerialPortLink {
  private port: SerialPort | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private everOpened = false;
  private watchTimer: NodeJS.Timeout | null = null;
  private lastDataMs = 0;
  private heardThisConnection = false;
  private device: string | null = null;

  constructor(
    readonly path: string,
    private readonly handlers: PortHandlers,
    private readonly retryMs = RETRY_MS,
    private readonly silenceMs = SILENCE_MS,
  ) {}

  /**
   * Opens the port. With `wait` false a failure is thrown; with `wait` true (or after a first
   * success) it keeps retrying and reports each failure to `waiting`.
   */
  async start(wait: boolean): Promise<void> {
    const error = await this.tryOpen();
    if (!error) return;
    if (!wait) throw error;
    this.handlers.waiting(error.message);
    this.scheduleRetry();
  }

  write(frame: string): void {
    const p = this.port;
    if (p && p.isOpen) p.write(frame);
  }

  writeBytes(bytes: Buffer): void {
    const p = this.port;
    if (p && p.isOpen) p.write(bytes);
  }

  get isOpen(): boolean {
    return this.port?.isOpen ?? false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopWatch();
    const p = this.port;
    this.port = null;
    if (p && p.isOpen) await new Promise<void>((resolve) => p.close(() => resolve()));
  }

  private async tryOpen(): Promise<PortOpenError | undefined> {
    const pathError = await checkPath(this.path);
    if (pathError) return pathError;
    // Which device the path names, taken before opening: the watch compares against it.
    const device = await deviceOf(this.path);
    const port = new SerialPort({ path: this.path, baudRate: BAUD_RATE, autoOpen: false });
    const openError = await new Promise<Error | null>((resolve) => port.open((e) => resolve(e ?? null)));
    if (openError) return new PortOpenError(`${this.path}: ${openError.message}`, 'OTHER');
    if (this.stopped) {
      port.close();
      return undefined;
    }
    // End of file, EIO and the like end the connection at once (serialport would spin on read() = 0).
    guardReads(port.port);
    this.port = port;
    this.everOpened = true;
    this.device = device;
    this.lastDataMs = Date.now();
    this.heardThisConnection = false;
    port.on('data', (chunk: Buffer) => {
      this.lastDataMs = Date.now();
      this.heardThisConnection = true;
      this.handlers.data(chunk);
    });
    port.on('error', () => {
      // 'close' follows; the reason is reported there.
    });
    port.on('close', (e: (Error & { disconnected?: boolean }) | null) => {
      if (this.port !== port) return;
      this.lose(port, e?.message ?? 'port closed');
    });
    this.startWatch(port);
    this.handlers.opened();
    return undefined;
  }

  /** Ends the connection on PORT now (once) and starts the reconnect loop. */
  private lose(port: SerialPort, reason: string): void {
    if (this.port !== port) return;
    this.port = null;
    this.stopWatch();
    port.removeAllListeners('data');
    if (port.isOpen) port.close(() => undefined);
    if (this.stopped) return;
    this.handlers.lost(reason);
    this.scheduleRetry();
  }

  /** While open: the path must still name the device we opened, and a device that spoke must keep speaking. */
  private startWatch(port: SerialPort): void {
    this.stopWatch();
    let checking = false;
    this.watchTimer = setInterval(() => {
      if (checking || this.port !== port) return;
      if (this.heardThisConnection && Date.now() - this.lastDataMs > this.silenceMs) {
        this.lose(port, `no data for ${this.silenceMs} ms (heartbeat timeout)`);
        return;
      }
      checking = true;
      void deviceOf(this.path).then((now) => {
        checking = false;
        if (this.port !== port) return;
        if (now === null) this.lose(port, 'the device path vanished');
        else if (now !== this.device) this.lose(port, 'the device path now names another device');
      });
    }, WATCH_MS);
    this.watchTimer.unref();
  }

  private stopWatch(): void {
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.watchTimer = null;
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.stopped) return;
      void this.tryOpen().then((error) => {
        if (!error) return;
        this.handlers.waiting(error.message);
        this.scheduleRetry();
      });
    }, this.retryMs);
  }

  get hasOpened(): boolean {
    return this.everOpened;
  }
}
