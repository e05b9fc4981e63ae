import type { LinkStats } from './events.js';

/** The one stderr line `shagomer link` ends with. */
export function formatStats(s: LinkStats): string {
  return (
    `stats: frames good ${s.framesGood}, bad CRC ${s.badCrc}, malformed ${s.malformed}, duplicates ${s.duplicates}, ` +
    `reconnects ${s.reconnects}, recorded ${s.recorded}, lost at device ${s.deviceLost}, conflicts ${s.conflicts}, suspect ${s.suspects}`
  );
}
