import type { NodeInfo, TiltState } from './codec/device-message.js';

export type { NodeInfo, NodeKind, TiltState } from './codec/device-message.js';

/**
 * What the app receives: one event per device message accepted exactly once (HB and
 * unknown types never appear). `boot` + `seq` identify it; `tMs` is device time since that
 * boot, `hostMs` Unix milliseconds when the host received it.
 */
export interface LinkEventBase {
  boot: string;
  seq: number;
  tMs: number;
  hostMs: number;
}
export interface HelloEvent extends LinkEventBase {
  type: 'HELLO';
  proto: number;
  fw: string;
  nodes: NodeInfo[];
}
export interface ShotEvent extends LinkEventBase {
  type: 'SHOT';
  launcher: string;
  speedMmS?: number;
}
export interface HitEvent extends LinkEventBase {
  type: 'HIT';
  node: string;
  /** Piezo strength 0–1023. */
  strength: number;
}
export interface TiltEvent extends LinkEventBase {
  type: 'TILT';
  node: string;
  /** DOWN: the model fell over. */
  state: TiltState;
  angleDeg: number;
}
export interface DeviceErrorEvent extends LinkEventBase {
  type: 'ERR';
  code: string;
  text: string;
}
export type LinkEvent = HelloEvent | ShotEvent | HitEvent | TiltEvent | DeviceErrorEvent;

/** Counters since the session started; `deviceLost` sums the device's LOST reports. */
export interface LinkStats {
  framesGood: number;
  badCrc: number;
  malformed: number;
  duplicates: number;
  reconnects: number;
  recorded: number;
  /** Good frames dropped, unacknowledged, because no HELLO had arrived on this connection. */
  beforeHello: number;
  unknownTypes: number;
  deviceLost: number;
  /** Repeats of a stored (BOOT, SEQ) with other content: both versions recorded as a CONFLICT. */
  conflicts: number;
  /** Messages whose SEQ lay far outside their boot's window: recorded as SUSPECT, not as events. */
  suspects: number;
}

export function emptyStats(): LinkStats {
  return { framesGood: 0, badCrc: 0, malformed: 0, duplicates: 0, reconnects: 0, recorded: 0, beforeHello: 0, unknownTypes: 0, deviceLost: 0, conflicts: 0, suspects: 0 };
}

/** What the link says about the port, for a status line in the UI or stderr. */
export type LinkStatus =
  | { kind: 'open'; port: string }
  | { kind: 'lost'; port: string; reason: string }
  | { kind: 'waiting'; port: string; reason: string }
  | { kind: 'hello'; boot: string; fw: string }
  | { kind: 'device-lost'; boot: string; count: number };
