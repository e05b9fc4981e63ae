import { access, constants } from 'node:fs/promises';
import { SerialPort } from 'serialport';

export const BAUD_RATE = 115200;
/** The bound: a vanished port is tried again at least this often. */
export const RETRY_MS = 200;

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

  constructor(
    readonly path: string,
    private readonly handlers: PortHandlers,
    private readonly retryMs = RETRY_MS,
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
    const p = this.port;
    this.port = null;
    if (p && p.isOpen) await new Promise<void>((resolve) => p.close(() => resolve()));
  }

  private async tryOpen(): Promise<PortOpenError | undefined> {
    const pathError = await checkPath(this.path);
    if (pathError) return pathError;
    const port = new SerialPort({ path: this.path, baudRate: BAUD_RATE, autoOpen: false });
    const openError = await new Promise<Error | null>((resolve) => port.open((e) => resolve(e ?? null)));
    if (openError) return new PortOpenError(`${this.path}: ${openError.message}`, 'OTHER');
    if (this.stopped) {
      port.close();
      return undefined;
    }
    this.port = port;
    this.everOpened = true;
    port.on('data', (chunk: Buffer) => this.handlers.data(chunk));
    port.on('error', () => {
      // 'close' follows; the reason is reported there.
    });
    port.on('close', (e: (Error & { disconnected?: boolean }) | null) => {
      if (this.port !== port) return;
      this.port = null;
      if (this.stopped) return;
      this.handlers.lost(e?.message ?? 'port closed');
      this.scheduleRetry();
    });
    this.handlers.opened();
    return undefined;
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
