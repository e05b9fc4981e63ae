import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, constants as fsc, write as writeCb, fsync as fsyncCb, ftruncate as ftruncateCb, writeSync } from 'node:fs';
import { quarantine, quarantinePathOf, type QuarantineEntry } from './quarantine.js';

function writeAsync(fd: number, buf: Buffer, off: number, len: number, pos: number): Promise<number> {
  return new Promise((resolve, reject) => writeCb(fd, buf, off, len, pos, (e, n) => (e ? reject(e) : resolve(n))));
}
function fsyncAsync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsyncCb(fd, (e) => (e ? reject(e) : resolve())));
}
function ftruncateAsync(fd: number, len: number): Promise<void> {
  return new Promise((resolve, reject) => ftruncateCb(fd, len, (e) => (e ? reject(e) : resolve())));
}

/** What a log's owner says about one complete line (its bytes without the newline). */
export type LineVerdict<T> =
  | { kind: 'record'; value: T }
  /** Fails its length, checksum or parse: copied to the quarantine file, left in place, skipped. */
  | { kind: 'damaged'; problem: string }
  /** Intact but not understood by this build (a newer writer): kept on disk untouched. */
  | { kind: 'foreign'; problem: string };

/** How a log's owner reads its own line format; the log knows only lines. */
export interface LineFormat<T> {
  decode(line: Buffer, lineNo: number): LineVerdict<T>;
  /** Could these bytes (no newline at the end of the file) be a record cut short by a crash? */
  isTornRecord(tail: Buffer): boolean;
}

export interface RecoveredLine<T> {
  line: number;
  offset: number;
  verdict: LineVerdict<T>;
}

/** What opening found: every complete line with its verdict, the torn tail, and what was set aside. */
export interface Recovery<T> {
  lines: RecoveredLine<T>[];
  /** Bytes of a torn last record that were copied aside and cut off. */
  tornBytes: number;
  /** The side file that holds copies of damaged and torn records, when anything went there. */
  quarantinePath: string | null;
  /** One line each for the user: what went aside, where. */
  messages: string[];
}

export interface OpenOptions {
  /** Open for reading only: nothing is cut, appended or created besides the quarantine file. */
  readOnly?: boolean;
  /** Files larger than this are refused (every input bounded). Default 1 GiB. */
  maxBytes?: number;
  /** With readOnly: create an absent file (empty) instead of failing. */
  create?: boolean;
}

/** Opening failed; `code` is the errno name when the system said one (ENOENT, EACCES…). */
export class LogOpenError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What scanning a log's bytes found (no I/O: also used to check an import before it is written). */
export interface Scan<T> {
  lines: RecoveredLine<T>[];
  /** Copies to make before anything is cut: damaged lines and the tail. */
  aside: QuarantineEntry[];
  /** Length of a torn last record that may be cut (0: none). */
  tornBytes: number;
  /** Bytes without a newline at the end that are kept: the next record must start a new line. */
  needsNewline: boolean;
  tailOffset: number;
}

export function scanLog<T>(bytes: Buffer, format: LineFormat<T>): Scan<T> {
  const lines: RecoveredLine<T>[] = [];
  const aside: QuarantineEntry[] = [];
  let offset = 0;
  let lineNo = 0;
  while (offset < bytes.length) {
    const nl = bytes.indexOf(0x0a, offset);
    if (nl < 0) break;
    lineNo++;
    const line = bytes.subarray(offset, nl);
    if (line.length > 0) {
      const verdict = format.decode(line, lineNo);
      lines.push({ line: lineNo, offset, verdict });
      if (verdict.kind === 'damaged') aside.push({ offset, line: lineNo, problem: verdict.problem, bytes: line });
    }
    offset = nl + 1;
  }
  const tail = bytes.subarray(offset);
  let tornBytes = 0;
  let needsNewline = false;
  if (tail.length > 0) {
    if (format.isTornRecord(tail)) {
      tornBytes = tail.length;
      aside.push({ offset, line: lineNo + 1, problem: 'torn last record (no newline): cut off', bytes: tail });
    } else {
      // Not the start of a record: keep it, like any line this build cannot read.
      const problem = 'unreadable bytes at the end (no newline), kept';
      aside.push({ offset, line: lineNo + 1, problem, bytes: tail });
      lines.push({ line: lineNo + 1, offset, verdict: { kind: 'damaged', problem } });
      needsNewline = true;
    }
  }
  return { lines, aside, tornBytes, needsNewline, tailOffset: offset };
}

interface Waiter {
  bytes: Buffer;
  resolve(): void;
  reject(e: unknown): void;
}

function errText(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
}

function readAll(fd: number, maxBytes: number, path: string): Buffer {
  const size = fstatSync(fd).size;
  if (size > maxBytes) throw new LogOpenError(`${path}: ${size} bytes, more than the ${maxBytes} this build reads`);
  const buf = Buffer.alloc(size);
  let got = 0;
  while (got < size) {
    const n = readSync(fd, buf, got, size - got, got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

/**
 * An append-only file of newline-ended records that survives full disks, crashes and foreign
 * bytes. A record counts as written only when its whole line is on disk (every byte `write`
 * reported, then fsync); any failure cuts the file back to the last whole record before the
 * caller hears of it, so a record written after the failure is readable after a restart.
 * Opening never deletes what it cannot read: damaged lines are copied to a quarantine file and
 * left in place; only a torn last line (no newline, looks like the start of a record) is cut,
 * after its copy is in the quarantine file.
 */
export class DurableLog {
  private queue: Waiter[] = [];
  private flushing = false;
  private closed = false;
  /** The file length up to the end of the last whole record. */
  private goodEnd: number;
  /** A failed write could not be cut back: do it before the next write. */
  private needsCut = false;
  /** The file ends in bytes without a newline that were kept: end that line before writing. */
  private needsNewline: boolean;

  private constructor(
    readonly path: string,
    private fd: number,
    goodEnd: number,
    needsNewline: boolean,
    readonly readOnly: boolean,
  ) {
    this.goodEnd = goodEnd;
    this.needsNewline = needsNewline;
  }

  /** Opens (creating unless read-only) and recovers PATH. Throws LogOpenError naming the file. */
  static open<T>(path: string, format: LineFormat<T>, opts: OpenOptions = {}): { log: DurableLog; recovery: Recovery<T> } {
    const readOnly = opts.readOnly ?? false;
    let fd: number;
    try {
      fd = openSync(path, readOnly ? fsc.O_RDONLY | (opts.create ? fsc.O_CREAT : 0) : fsc.O_RDWR | fsc.O_CREAT, 0o644);
    } catch (e) {
      throw new LogOpenError(`${path}: cannot open (${errText(e)})`, (e as NodeJS.ErrnoException).code);
    }
    try {
      const bytes = readAll(fd, opts.maxBytes ?? 1 << 30, path);
      const scan = scanLog(bytes, format);
      const { lines, aside, tailOffset } = scan;
      let { tornBytes, needsNewline } = scan;
      const messages: string[] = [];
      let qPath: string | null = null;
      if (aside.length > 0) {
        qPath = quarantinePathOf(path);
        try {
          const added = quarantine(qPath, path, aside);
          if (added > 0) messages.push(`${path}: ${added} unreadable record${added === 1 ? '' : 's'} copied to ${qPath}`);
        } catch (e) {
          // No copy, no cut: a torn tail then stays like any unreadable line (the disk may be full).
          messages.push(`${path}: could not copy unreadable records to ${qPath} (${errText(e)}); they stay in place`);
          if (tornBytes > 0) {
            lines.push({ line: aside[aside.length - 1]?.line ?? lines.length + 1, offset: tailOffset, verdict: { kind: 'damaged', problem: 'torn last record, kept (no quarantine copy)' } });
            tornBytes = 0;
            needsNewline = true;
          }
        }
      }
      const goodEnd = tornBytes > 0 ? tailOffset : bytes.length;
      if (tornBytes > 0 && !readOnly) {
        ftruncateSync(fd, goodEnd);
        fsyncSync(fd);
        messages.push(`${path}: a torn last record (${tornBytes} bytes, never acknowledged) was cut off; its copy is in ${qPath ?? '?'}`);
      }
      return { log: new DurableLog(path, fd, goodEnd, needsNewline, readOnly), recovery: { lines, tornBytes, quarantinePath: qPath, messages } };
    } catch (e) {
      closeSync(fd);
      if (e instanceof LogOpenError) throw e;
      throw new LogOpenError(`${path}: cannot read (${errText(e)})`, (e as NodeJS.ErrnoException).code);
    }
  }

  /** Bytes up to the end of the last whole record. */
  get size(): number {
    return this.goodEnd;
  }

  private check(bytes: Buffer): void {
    if (this.closed) throw new Error(`${this.path}: closed`);
    if (this.readOnly) throw new Error(`${this.path}: opened read-only`);
    if (bytes.length === 0 || bytes[bytes.length - 1] !== 0x0a) throw new RangeError('a record must be one or more whole lines');
  }

  private withNewline(bytes: Buffer): Buffer {
    return this.needsNewline ? Buffer.concat([Buffer.from('\n'), bytes]) : bytes;
  }

  /**
   * Writes whole lines and fsyncs them before returning; throws (with the file cut back to its
   * last whole record) if any byte did not make it.
   */
  appendSync(bytes: Buffer): void {
    this.check(bytes);
    if (this.flushing) throw new Error(`${this.path}: appendSync while an asynchronous commit runs`);
    if (this.needsCut) {
      ftruncateSync(this.fd, this.goodEnd);
      fsyncSync(this.fd);
      this.needsCut = false;
    }
    const out = this.withNewline(bytes);
    try {
      let done = 0;
      while (done < out.length) {
        const n = writeSync(this.fd, out, done, out.length - done, this.goodEnd + done);
        if (n <= 0) throw new Error('write made no progress');
        done += n;
      }
      fsyncSync(this.fd);
    } catch (e) {
      this.cutBackSync();
      throw e;
    }
    this.goodEnd += out.length;
    this.needsNewline = false;
  }

  private cutBackSync(): void {
    try {
      ftruncateSync(this.fd, this.goodEnd);
      fsyncSync(this.fd);
    } catch {
      this.needsCut = true;
    }
  }

  /**
   * Resolves once the lines are on disk (fsync). Lines that arrive while a commit runs go
   * together in the next one (group commit): a burst costs one fsync. A failed commit cuts
   * the file back and rejects every waiter in it; none of them is on disk.
   */
  append(bytes: Buffer): Promise<void> {
    try {
      this.check(bytes);
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ bytes, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        if (this.needsCut) {
          await ftruncateAsync(this.fd, this.goodEnd);
          await fsyncAsync(this.fd);
          this.needsCut = false;
        }
        const out = this.withNewline(batch.length === 1 ? (batch[0] as Waiter).bytes : Buffer.concat(batch.map((w) => w.bytes)));
        try {
          let done = 0;
          while (done < out.length) {
            const n = await writeAsync(this.fd, out, done, out.length - done, this.goodEnd + done);
            if (n <= 0) throw new Error('write made no progress');
            done += n;
          }
          await fsyncAsync(this.fd);
        } catch (e) {
          try {
            await ftruncateAsync(this.fd, this.goodEnd);
            await fsyncAsync(this.fd);
          } catch {
            this.needsCut = true;
          }
          throw e;
        }
        this.goodEnd += out.length;
        this.needsNewline = false;
        for (const w of batch) w.resolve();
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
    this.flushing = false;
  }

  /** Waits for commits in flight, then closes. */
  async close(): Promise<void> {
    while (this.flushing) await new Promise((r) => setTimeout(r, 2));
    this.closeSync();
  }

  closeSync(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    this.fd = -1;
  }
}
