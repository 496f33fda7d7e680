import { createUpcasting, eventUpcasting, EVENT_SCHEMA_VERSIONS } from '#domain/event-schema.js';
import type { StoredEvent } from './event-store.port.js';
import { upcastStored } from './upcasting.js';

/** R11: how an event changes shape without rewriting the store (README: How to change an event). */
const upcasting = createUpcasting(
  { OrderNoteAdded: 3, OrderPlaced: 1 },
  {
    OrderNoteAdded: {
      1: ({ note, ...rest }) => ({ ...rest, text: note }), // v2 renamed `note` to `text`
      2: (data) => ({ ...data, visibleToCustomer: false }), // v3 added a field, false for what was written before
    },
  },
);

const stored = (
  type: string,
  schemaVersion: number | undefined,
  data: Record<string, unknown>,
): StoredEvent => ({
  id: 'e-1',
  streamId: 'order-1',
  revision: 0n,
  position: 1n,
  checkpoint: '1:1',
  type,
  data,
  metadata: {
    companyId: 'co-1',
    occurredAt: '2026-11-25T12:00:00.000Z',
    schemaVersion,
  } as StoredEvent['metadata'],
  recordedAt: '2026-11-25T12:00:00.000Z',
});

describe('Event upcasting', () => {
  it('brings an old event through every step to the current version, in a copy', () => {
    const old = stored('OrderNoteAdded', 1, { orderId: 'o-1', note: 'Friday' });
    const read = upcastStored(old, upcasting);
    expect(read.data).toEqual({ orderId: 'o-1', text: 'Friday', visibleToCustomer: false });
    expect(read.metadata.schemaVersion).toBe(3);
    expect(old.data).toEqual({ orderId: 'o-1', note: 'Friday' }); // the stored event is left as it was
  });

  it('starts from the version the event was written with, and treats a missing version as 1', () => {
    expect(upcastStored(stored('OrderNoteAdded', 2, { text: 'x' }), upcasting).data).toEqual({
      text: 'x',
      visibleToCustomer: false,
    });
    expect(upcastStored(stored('OrderNoteAdded', undefined, { note: 'x' }), upcasting).data).toEqual({
      text: 'x',
      visibleToCustomer: false,
    });
  });

  it('returns a current event, an unknown type and a newer version as they are (the same object)', () => {
    for (const event of [
      stored('OrderNoteAdded', 3, { text: 'x', visibleToCustomer: true }),
      stored('OrderPlaced', 1, { orderId: 'o-1' }),
      stored('SomethingNewHappened', 1, {}),
      stored('OrderNoteAdded', 4, { text: 'from a newer release' }),
    ])
      expect(upcastStored(event, upcasting)).toBe(event);
  });

  it('refuses a version table without an upcaster for each step', () => {
    expect(() => createUpcasting({ OrderNoteAdded: 2 }, {})).toThrow(
      'OrderNoteAdded is at version 2 without upcasters',
    );
    expect(() => createUpcasting({ OrderNoteAdded: 3 }, { OrderNoteAdded: { 1: (d) => d } })).toThrow(
      'OrderNoteAdded: no upcaster from version 2 to 3',
    );
    expect(() => createUpcasting({}, { Gone: { 1: (d) => d } })).toThrow(
      'Upcasters for Gone, which has no schema version',
    );
  });

  it("knows the application's current version of every domain event type", () => {
    for (const [type, version] of Object.entries(EVENT_SCHEMA_VERSIONS))
      expect(eventUpcasting.versionOf(type)).toBe(version);
    expect(eventUpcasting.versionOf('NotAnEvent')).toBe(1);
  });
});
