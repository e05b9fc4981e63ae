/** The public API of src/link for the app and the CLI; see README.md. */
export type {
  DeviceErrorEvent,
  HelloEvent,
  HitEvent,
  LinkEvent,
  LinkEventBase,
  LinkStats,
  LinkStatus,
  NodeInfo,
  NodeKind,
  ShotEvent,
  TiltEvent,
  TiltState,
} from './events.js';
export { emptyStats } from './events.js';
export type { EventStore } from './session/event-store.js';
export { LinkSession, type LinkSessionOptions } from './session/link-session.js';
export { startSerialLink, type SerialLinkHandle, type SerialLinkOptions } from './serial-link.js';
export { PortOpenError } from './transport/serial-port-link.js';
export { JsonlStore, type RecordHistory } from './record/jsonl-store.js';
export { parseRecordEntry, parseRecordLine, toNoteLine, toRecordLine, type LinkNote, type RecordEntry } from './record-line.js';
export { formatNote } from './format-note.js';
export { formatStats } from './format-stats.js';
