import type { StampRange } from '#domain/stamps/stamp.events.js';
import {
  heldAfter,
  stampHoldingDecider,
  stampHoldingStream,
  type StampHolding,
} from '#domain/stamps/stamp-holding.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import type { EventAppender } from '#engine';

/**
 * What an invoice holds for an invoice whose `stamp-holding-{invoiceId}` stream recorded nothing yet (created
 * before the holding streams): its allocations and releases in the stamp log read model (indexed by
 * invoice), replayed. The invoice's next stamp change records its holding, and from then on the stream answers.
 */
export async function legacyHolding(
  db: Queryable,
  companyId: string,
  invoiceId: string,
): Promise<StampRange[]> {
  const rows = await tenantQuery<{
    kind: 'allocated' | 'released';
    roll_id: number;
    prefix: string;
    range_from: string;
    range_to: string;
  }>(
    db,
    companyId,
    `SELECT kind, roll_id, prefix, range_from, range_to FROM rm_stamp_log
      WHERE company_id = $1 AND invoice_id = $2 AND kind IN ('allocated', 'released') ORDER BY seq`,
    [invoiceId],
  );
  let held: StampRange[] = [];
  for (const row of rows) {
    const range = {
      rollId: row.roll_id,
      prefix: row.prefix,
      from: Number(row.range_from),
      to: Number(row.range_to),
    };
    held = heldAfter(held, invoiceId, [
      row.kind === 'allocated'
        ? {
            type: 'StampsAllocated',
            data: {
              allocationId: `invoice-${invoiceId}`,
              invoiceId,
              invoiceNumber: null,
              customerId: null,
              customerName: null,
              customerTabcId: null,
              note: null,
              ranges: [range],
              allocatedAt: '',
            },
          }
        : {
            type: 'StampsReleased',
            data: {
              allocationId: `invoice-${invoiceId}`,
              invoiceId,
              invoiceNumber: null,
              ranges: [range],
              reason: 'released',
              releasedAt: '',
            },
          },
    ]);
  }
  return held;
}

/** The stamps an invoice holds now: its holding stream, or (nothing recorded yet) the stamp log. */
export async function holdingNow(
  events: EventAppender,
  db: Queryable,
  companyId: string,
  invoiceId: string,
): Promise<StampHolding> {
  const { state } = await events.load(stampHoldingStream(invoiceId), stampHoldingDecider);
  if (state.recorded) return state;
  return { recorded: false, ranges: await legacyHolding(db, companyId, invoiceId) };
}

/**
 * Who holds the invoiced stamps of a roll's range, for a destroy's messages: the allocations and releases of the
 * stamp log rows that meet the range, replayed per holder (invoice number; null for a manual assignment).
 */
export async function holdersWithin(
  db: Queryable,
  companyId: string,
  rollId: number,
  from: number,
  to: number,
): Promise<{ from: number; to: number; label: string | null }[]> {
  const rows = await tenantQuery<{
    kind: 'allocated' | 'released';
    allocation_id: string;
    invoice_number: string | null;
    prefix: string;
    range_from: string;
    range_to: string;
  }>(
    db,
    companyId,
    `SELECT kind, allocation_id, invoice_number, prefix, range_from, range_to FROM rm_stamp_log
      WHERE company_id = $1 AND roll_id = $2 AND kind IN ('allocated', 'released')
        AND range_from <= $4 AND range_to >= $3
      ORDER BY seq`,
    [rollId, from, to],
  );
  const held = new Map<string, { label: string | null; ranges: StampRange[] }>();
  for (const row of rows) {
    const range = { rollId, prefix: row.prefix, from: Number(row.range_from), to: Number(row.range_to) };
    const holder = held.get(row.allocation_id) ?? { label: null, ranges: [] };
    if (row.kind === 'allocated') holder.label = row.invoice_number ?? holder.label;
    const event =
      row.kind === 'allocated'
        ? ({ type: 'StampsAllocated', data: { invoiceId: row.allocation_id, ranges: [range] } } as const)
        : ({ type: 'StampsReleased', data: { invoiceId: row.allocation_id, ranges: [range] } } as const);
    holder.ranges = heldAfter(holder.ranges, row.allocation_id, [event as never]);
    held.set(row.allocation_id, holder);
  }
  return [...held.values()].flatMap(({ label, ranges }) =>
    ranges
      .map((r) => ({ from: Math.max(r.from, from), to: Math.min(r.to, to), label }))
      .filter((r) => r.from <= r.to),
  );
}
