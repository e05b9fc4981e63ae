/**
 * Device → host messages of wire protocol v1, as the codec sees them (no host context:
 * the BOOT of a non-HELLO message is only known to the session).
 */
export type NodeKind = 'L' | 'H' | 'T';
export interface NodeInfo {
  id: string;
  kind: NodeKind;
}

interface Common {
  seq: number;
  tMs: number;
}
export interface HelloMessage extends Common {
  type: 'HELLO';
  proto: number;
  /** 8 hex digits, lower case (the wire may carry either case). */
  boot: string;
  fw: string;
  nodes: NodeInfo[];
}
export interface HeartbeatMessage extends Common {
  type: 'HB';
}
export interface ShotMessage extends Common {
  type: 'SHOT';
  launcher: string;
  speedMmS?: number;
}
export interface HitMessage extends Common {
  type: 'HIT';
  node: string;
  strength: number;
}
export type TiltState = 'UP' | 'DOWN';
export interface TiltMessage extends Common {
  type: 'TILT';
  node: string;
  state: TiltState;
  angleDeg: number;
}
export interface ErrMessage extends Common {
  type: 'ERR';
  code: string;
  text: string;
}
/** A type this host does not know: acknowledged, never recorded. */
export interface UnknownMessage extends Common {
  type: 'UNKNOWN';
  wireType: string;
}

export type DeviceMessage = HelloMessage | HeartbeatMessage | ShotMessage | HitMessage | TiltMessage | ErrMessage | UnknownMessage;

/** The ERR code a device uses to report events it could not queue; TEXT is the count. */
export const LOST_ERR_CODE = 'LOST';
