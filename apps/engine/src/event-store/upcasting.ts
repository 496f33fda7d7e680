import { eventUpcasting, type Upcasting } from '#domain/event-schema.js';
import type { StoredEvent } from './event-store.port.js';

/**
 * The one place stored events are brought to the current schema (R11): both adapters pass every event they read
 * (streams, the global feed, subscriptions) through `upcastStored`, so deciders, projections and the live gateway
 * only ever see current shapes. An event already current (every event today) is returned as it is, at the cost of a
 * lookup; an upcast one carries the current `schemaVersion` in a copy of its metadata. The stored row is never
 * rewritten.
 */
export function upcastStored(event: StoredEvent, upcasting: Upcasting = eventUpcasting): StoredEvent {
  const version = event.metadata?.schemaVersion;
  const current = upcasting.versionOf(event.type);
  if ((version ?? 1) >= current) return event;
  return {
    ...event,
    data: upcasting.upcast(event.type, version, event.data),
    metadata: { ...event.metadata, schemaVersion: current },
  };
}
