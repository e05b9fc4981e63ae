import { read } from 'node:fs';

/** The parts of serialport's Linux/Darwin port binding that a guarded read needs. */
interface UnixPortBinding {
  fd: number | null;
  poller?: { once(event: 'readable', cb: (err?: Error | null) => void): void };
  read(buffer: Buffer, offset: number, length: number): Promise<{ bytesRead: number; buffer: Buffer }>;
}

function isUnixBinding(b: unknown): b is UnixPortBinding {
  return typeof b === 'object' && b !== null && 'fd' in b && 'poller' in b && typeof (b as { read?: unknown }).read === 'function';
}

/** An error serialport's stream treats as a disconnect: it closes the port and emits 'close'. */
function gone(message: string, code: string): Error {
  return Object.assign(new Error(message), { code, disconnect: true });
}

function readOnce(fd: number, buffer: Buffer, offset: number, length: number): Promise<number> {
  return new Promise((resolve, reject) => read(fd, buffer, offset, length, null, (e, n) => (e ? reject(e) : resolve(n))));
}

/**
 * Replaces the binding's read so that a dead port ends the connection: serialport's own read
 * calls itself again at once when read() returns 0 (end of file: the pty's far end is gone),
 * a busy loop that also grows memory without bound. Here 0 bytes and EIO/ENXIO/EBADF are a
 * disconnect; EAGAIN waits for the poller as before. Other bindings (Windows) are left alone.
 */
export function guardReads(binding: unknown): void {
  if (!isUnixBinding(binding)) return;
  const b = binding;
  b.read = async (buffer, offset, length) => {
    for (;;) {
      const fd = b.fd;
      if (fd === null) throw Object.assign(new Error('Port is not open'), { canceled: true });
      try {
        const n = await readOnce(fd, buffer, offset, length);
        if (n === 0) throw gone('end of file: the device is gone', 'EOF');
        return { bytesRead: n, buffer };
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EINTR') {
          if (b.fd === null || !b.poller) throw Object.assign(new Error('Port is not open'), { canceled: true });
          const poller = b.poller;
          await new Promise<void>((resolve, reject) => poller.once('readable', (err) => (err ? reject(err) : resolve())));
          continue;
        }
        if ((e as { disconnect?: boolean }).disconnect) throw e;
        throw gone(`${(e as Error).message}`, code ?? 'EIO');
      }
    }
  };
}
