import type { LinkEvent } from '../events.js';

/**
 * Where accepted events go. The session acknowledges a message only after append()
 * resolves, so an implementation must resolve only once the event is durable (fsync'd).
 * A rejection stops acknowledgement of that message (the device will resend it).
 */
export interface EventStore {
  append(event: LinkEvent): Promise<void>;
}
