import { SerialPort } from 'serialport';

export interface SerialPortChoice {
  path: string;
  /** What a person recognises the device by (maker, product), beside its path. */
  label: string;
}

/**
 * The machine's serial devices as serialport lists them, for a port picker. ptys (socat, the
 * simulator) are not listed by the OS: a picker offers a path field for those.
 */
export async function listSerialPorts(): Promise<SerialPortChoice[]> {
  try {
    const ports = await SerialPort.list();
    return ports.slice(0, 64).map((p) => ({ path: p.path, label: [p.manufacturer, p.serialNumber].filter((x): x is string => typeof x === 'string' && x !== '').join(' ') || p.path }));
  } catch {
    // No udev or no permission: the path field still works.
    return [];
  }
}
