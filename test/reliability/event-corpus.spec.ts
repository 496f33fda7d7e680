import { randomUUID } from 'node:crypto';
import { DOMAIN_EVENT_TYPES, EVENT_SCHEMA_VERSIONS, eventUpcasting } from '#domain/event-schema.js';
import { customerAccountDecider } from '#domain/accounts/customer-account.state.js';
import { companyDecider } from '#domain/companies/company.decide.js';
import { subdomainReservationDecider } from '#domain/companies/subdomain-reservation.decide.js';
import { creditMemoNumbersDecider } from '#domain/credits/credit-memo-numbers.js';
import { customerDecider } from '#domain/customers/customer.decide.js';
import { inventoryDecider } from '#domain/inventory/inventory.decide.js';
import { documentEmailDecider } from '#domain/email/document-email.decide.js';
import { emailRetryDecider } from '#domain/invoices/invoice-email.decide.js';
import { invoiceNumbersDecider } from '#domain/invoices/invoice-numbers.js';
import { paperworkDecider } from '#domain/invoices/invoice-paperwork.decide.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { orderNumbersDecider } from '#domain/orders/order-numbers.js';
import { orderDecider } from '#domain/orders/order.decide.js';
import { productDecider } from '#domain/products/product.decide.js';
import { stampHoldingDecider } from '#domain/stamps/stamp-holding.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import type { AnyEvent } from '#domain/shared/decider.js';
import { migrate } from '#infra/db/migrate.js';
import { createPool } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { PostgresEventStore } from '#engine';
import { upcastStored } from '#engine/event-store/upcasting.js';
import { allProjections } from '#projections/index.js';
import { ProjectionRunner } from '#engine';
import { createTestDatabase } from '../support/database.js';
import { corpusAsStoredEvents, corpusVersions, readCorpus } from '../support/event-corpus.js';

/**
 * R11: the golden corpus (test/fixtures/events) holds every event type at every schema version it was ever
 * written with, as the store kept it. The current code must read all of it: through the store (which upcasts), the
 * domain's evolve functions and every projection. A change to an event that would break old streams fails here.
 */
const corpus = readCorpus();

/** Every decider folds the corpus events of its types (evolve ignores the others). */
const FOLDS: { name: string; decider: { evolve: (s: any, e: any) => any; initialState: () => any } }[] = [
  { name: 'company', decider: companyDecider },
  { name: 'subdomain', decider: subdomainReservationDecider },
  { name: 'customer', decider: customerDecider },
  { name: 'customer account', decider: customerAccountDecider },
  { name: 'inventory', decider: inventoryDecider },
  { name: 'invoice', decider: invoiceDecider },
  { name: 'invoice e-mail', decider: emailRetryDecider },
  { name: 'document e-mail', decider: documentEmailDecider },
  { name: 'invoice paperwork', decider: paperworkDecider },
  { name: 'invoice numbers', decider: invoiceNumbersDecider },
  { name: 'credit-memo numbers', decider: creditMemoNumbersDecider },
  { name: 'order', decider: orderDecider },
  { name: 'order numbers', decider: orderNumbersDecider },
  { name: 'product', decider: productDecider },
  { name: 'stamp ledger', decider: stampLedgerDecider },
  { name: 'stamp holding', decider: stampHoldingDecider },
];

describe('Golden event corpus (R11)', () => {
  it('holds an example of every event type of the domain at its current version and at every older one', () => {
    const have = corpusVersions(corpus);
    const missing = DOMAIN_EVENT_TYPES.flatMap((type) =>
      Array.from({ length: EVENT_SCHEMA_VERSIONS[type] }, (_, i) => `${type}.v${i + 1}`),
    ).filter((name) => !have.has(name));
    // Run `npm run events:corpus` to add the examples of a new type or version (existing files are kept as they are).
    expect(missing).toEqual([]);
    for (const history of corpus) expect(history.events.length).toBeGreaterThan(0);
  });

  it('names only event types the domain still knows (old streams keep them for ever)', () => {
    const types = new Set(corpus.flatMap((history) => history.events.map((e) => e.type)));
    expect([...types].filter((type) => !(type in EVENT_SCHEMA_VERSIONS))).toEqual([]);
  });

  it('upcasts every example to the current version of its type', () => {
    for (const event of corpus.flatMap((history) => corpusAsStoredEvents(history.events))) {
      const read = upcastStored(event);
      expect({ type: read.type, version: read.metadata.schemaVersion }).toEqual({
        type: event.type,
        version: eventUpcasting.versionOf(event.type),
      });
      expect(typeof read.data === 'object' && read.data !== null && !Array.isArray(read.data)).toBe(true);
      expect(JSON.parse(JSON.stringify(read.data))).toEqual(read.data); // still plain JSON
    }
  });

  it("folds every example through the domain's evolve functions without an error", () => {
    const byStream = new Map<string, StoredEvent[]>();
    for (const history of corpus)
      for (const event of corpusAsStoredEvents(history.events).map((e) => upcastStored(e)))
        byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    for (const { name, decider } of FOLDS) {
      // One stream at a time, in its order, as a command would load it.
      for (const [stream, list] of byStream) {
        let state = decider.initialState();
        for (const event of list) {
          try {
            state = decider.evolve(state, { type: event.type, data: event.data } as AnyEvent);
          } catch (error) {
            throw new Error(`${name} evolve failed on ${event.type} of ${stream}: ${String(error)}`, {
              cause: error,
            });
          }
        }
        // A type this code does not know (written by a newer release during a rolling upgrade) is ignored.
        expect(decider.evolve(state, { type: 'SomethingNewHappened', data: { stream } })).toBe(state);
      }
    }
  });

  describe('stored as they were written', () => {
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let store: PostgresEventStore;
    let pool: ReturnType<typeof createPool>;
    let runner: ProjectionRunner | undefined;

    beforeAll(async () => {
      db = await createTestDatabase('corpus');
      await migrate(db.url);
      pool = createPool(db.url, 10);
      store = new PostgresEventStore(db.url, { pollIntervalMs: 50 }, pool);
      // Each example appended with the metadata it was stored with (its schema version included): old rows.
      for (const event of corpus.flatMap((history) => corpusAsStoredEvents(history.events)))
        await store.appendToStreams([
          {
            stream: event.streamId,
            expected: 'any',
            events: [{ id: randomUUID(), type: event.type, data: event.data, metadata: event.metadata }],
          },
        ]);
    });

    afterAll(async () => {
      await runner?.stop();
      await store?.close();
      await pool?.end();
      await db?.drop();
    });

    it('reads every example back through the store in the current shape', async () => {
      const expected = corpus.flatMap((history) =>
        corpusAsStoredEvents(history.events).map((event) => upcastStored(event)),
      );
      const read = await store.readAll('', 10_000);
      expect(read.map((e) => [e.type, e.metadata.schemaVersion, e.data])).toEqual(
        expected.map((e) => [e.type, e.metadata.schemaVersion, e.data]),
      );
    });

    it('runs every projection over the whole corpus, and past a type it does not know, without a failure', async () => {
      const last = corpus.at(-1)!.events.at(-1)!;
      await store.appendToStreams([
        {
          stream: last.streamId,
          expected: 'any',
          events: [
            { id: randomUUID(), type: 'SomethingNewHappened', data: { n: 1 }, metadata: last.metadata },
          ],
        },
      ]);
      runner = new ProjectionRunner(pool, store, allProjections, {});
      await runner.start();
      expect(await runner.waitFor(await store.headCheckpoint(), 20_000)).toBe(true);
      const failed = (await runner.status())
        .filter((s) => s.status === 'failed' || s.error)
        .map((s) => `${s.name}: ${s.error}`);
      expect(failed).toEqual([]);
    });
  });
});
