import type { LinkNote } from './record-line.js';

/** The one line `shagomer link` (and the app's status) says about a CONFLICT or SUSPECT. */
export function formatNote(n: LinkNote): string {
  return n.type === 'CONFLICT'
    ? `conflict: hub ${n.boot} message ${n.seq} arrived again with other content (stored "${n.stored ?? ''}", now "${n.received}"); both kept`
    : `suspect: hub ${n.boot} message ${n.seq} lies far from its newest ${n.newestSeq ?? '?'} ("${n.received}"); recorded as suspect, not as an event`;
}
