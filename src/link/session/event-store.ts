import type { LinkEvent } from '../events.js';
import type { LinkNote } from '../record-line.js';

/**
 * Where accepted events go. The session acknowledges a message only after append()
 * resolves, so an implementation must resolve only once the event is durable (fsync'd).
 * A rejection stops acknowledgement of that message (the device will resend it).
 */
export interface EventStore {
  append(event: LinkEvent): Promise<void>;
  /**
   * A conflict or a suspect message (see LinkNote), acknowledged once this resolves. A store
   * without it keeps no record of them; the session still reports and counts them.
   */
  appendNote?(note: LinkNote): Promise<void>;
}
