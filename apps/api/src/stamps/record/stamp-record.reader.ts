import {
  STAMP_RECORD_KIND_LABEL,
  type SerialHistoryResponse,
  type StampRecordResponse,
} from '#domain/contracts/stamp-record.contract.js';
import type { InvoiceCreated, InvoiceRevised } from '#domain/invoices/invoice.events.js';
import { stampsStream, type StampEvent } from '#domain/stamps/stamp.events.js';
import {
  buildStampRecord,
  invoicesOfPeriod,
  LISTED_KINDS,
  serialHistory,
  stampTransactions,
  type StampRecordInvoice,
  type StampRecordTotals,
} from '#domain/stamps/stamp-record.js';
import { chainHeadOf } from '#engine';
import type { EventStore, StoredEvent } from '#engine';
import { csvLine } from '../../infra/csv/csv-format.js';

/** The record as the API answers it (domain/contracts/stamp-record.contract.ts). */
export type StampRecordAsOf = StampRecordResponse;

/** The longest period one record covers (a bigger one is several records). */
export const MAX_RECORD_DAYS = 366;

/** Events per invoice stream read in one round trip; a longer invoice stream goes on with readStream. */
const INVOICE_EVENTS_PER_READ = 100;

const happenedBy = (event: StoredEvent, cutoff: number) => Date.parse(event.metadata.occurredAt) <= cutoff;

/**
 * The stamp transaction record of `from`–`to` as of `asOf`, replayed from the events, never from a
 * read model: `stamps-{companyId}` up to the first event after the instant (so the state is one the ledger really
 * was in), then the streams of the invoices affixed in the period, each up to the instant (invoice date, number,
 * retailer and permit as they read then). A record made today of last March as of last March's end equals the one
 * made then, whatever was edited, cancelled, destroyed or undone since.
 *
 * Cost: the company's stamp stream up to the instant (no other company's events, no invoice, payment or order
 * event outside the period's affixings), plus one round trip for the period's invoices.
 */
export async function readStampRecord(
  store: EventStore,
  companyId: string,
  options: { from: string; to: string; asOf: string; timeZone: string },
): Promise<StampRecordAsOf> {
  const cutoff = Date.parse(options.asOf);
  if (Number.isNaN(cutoff)) throw new Error(`Not an instant: ${options.asOf}`);
  const events: { event: StampEvent; occurredAt: string }[] = [];
  let lastStampEvent: string | undefined;
  for await (const stored of store.readStream(stampsStream(companyId))) {
    if (!happenedBy(stored, cutoff)) break;
    events.push({ event: stored as unknown as StampEvent, occurredAt: stored.metadata.occurredAt });
    lastStampEvent = stored.id;
  }
  const transactions = stampTransactions(events, options.timeZone);
  const ids = invoicesOfPeriod(transactions, options.from, options.to);
  const { invoices, read, lastEvents } = await invoicesAsOf(store, ids, cutoff);
  const record = buildStampRecord(transactions, invoices, options.from, options.to);
  const asOf = new Date(cutoff).toISOString();
  return {
    companyId,
    asOf,
    timeZone: options.timeZone,
    ...record,
    eventsRead: { stamps: events.length, invoices: read },
    // The highest link among the events the record was made from: checking the chain up to it covers them all.
    chainHead: await chainHeadOf(store, companyId, [
      ...(lastStampEvent ? [lastStampEvent] : []),
      ...lastEvents,
    ]),
  };
}

/**
 * One serial's story as of an instant ("one serial's history as of then"): every transaction of the
 * stamp stream up to the instant that touched it, with its invoice as it read then, and its status after them.
 * Cost: the company's stamp stream up to the instant and the serial's invoices.
 */
export async function readSerialHistory(
  store: EventStore,
  companyId: string,
  options: { prefix: string; number: number; asOf: string; timeZone: string },
): Promise<SerialHistoryResponse> {
  const cutoff = Date.parse(options.asOf);
  const events: { event: StampEvent; occurredAt: string; id: string }[] = [];
  for await (const stored of store.readStream(stampsStream(companyId))) {
    if (!happenedBy(stored, cutoff)) break;
    events.push({
      event: stored as unknown as StampEvent,
      occurredAt: stored.metadata.occurredAt,
      id: stored.id,
    });
  }
  const { status, transactions } = serialHistory(
    stampTransactions(events, options.timeZone),
    options.prefix,
    options.number,
  );
  const ids = [...new Set(transactions.flatMap((t) => (t.invoiceId ? [t.invoiceId] : [])))];
  const { invoices, lastEvents } = await invoicesAsOf(store, ids, cutoff);
  const stampEventIds = transactions.map((t) => events[t.seq]!.id);
  return {
    companyId,
    asOf: new Date(cutoff).toISOString(),
    prefix: options.prefix,
    number: options.number,
    status,
    transactions: transactions.map((t) => {
      const invoice = t.invoiceId ? invoices.get(t.invoiceId) : undefined;
      const range = t.ranges[0]!;
      return {
        date: t.date,
        at: t.at,
        kind: t.kind,
        range:
          range.from === range.to
            ? `${range.prefix}${range.from}`
            : `${range.prefix}${range.from}-${range.prefix}${range.to}`,
        invoiceId: t.invoiceId,
        invoiceNumber: invoice?.number ?? t.invoiceNumber,
        invoiceDate: invoice?.invoicedOn ?? null,
        retailer: invoice?.customerName ?? t.customerName,
        permit: invoice?.customerTabcId ?? t.customerTabcId,
        note: t.kind === 'returned' ? `Invoice ${t.reason ?? 'edited'}` : t.note,
      };
    }),
    chainHead: await chainHeadOf(store, companyId, [...stampEventIds, ...lastEvents]),
  };
}

/** Each invoice's number, date and retailer as its last InvoiceCreated / InvoiceRevised at the instant said. */
async function invoicesAsOf(
  store: EventStore,
  ids: readonly string[],
  cutoff: number,
): Promise<{ invoices: Map<string, StampRecordInvoice>; read: number; lastEvents: string[] }> {
  const invoices = new Map<string, StampRecordInvoice>();
  const last = new Map<string, string>();
  let read = 0;
  const apply = (id: string, stored: StoredEvent) => {
    read++;
    last.set(id, stored.id);
    if (stored.type !== 'InvoiceCreated' && stored.type !== 'InvoiceRevised') return;
    const data = stored.data as unknown as (InvoiceCreated | InvoiceRevised)['data'];
    const number = 'number' in data ? data.number.display : (invoices.get(id)?.number ?? '');
    invoices.set(id, {
      invoicedOn: data.invoicedOn,
      number,
      customerName: data.customer.name,
      customerTabcId: data.customer.tabcId,
    });
  };
  const streams = ids.map((id) => ({ stream: `invoice-${id}`, fromRevision: 0n }));
  if (!store.readStreams) {
    for (const id of ids)
      for await (const stored of store.readStream(`invoice-${id}`)) {
        if (!happenedBy(stored, cutoff)) break;
        apply(id, stored);
      }
    return { invoices, read, lastEvents: [...last.values()] };
  }
  const batch = streams.length ? await store.readStreams(streams, INVOICE_EVENTS_PER_READ) : new Map();
  for (const id of ids) {
    const got: StoredEvent[] = batch.get(`invoice-${id}`) ?? [];
    let done = false;
    for (const stored of got) {
      if (!happenedBy(stored, cutoff)) {
        done = true;
        break;
      }
      apply(id, stored);
    }
    if (done || got.length < INVOICE_EVENTS_PER_READ) continue;
    for await (const stored of store.readStream(`invoice-${id}`, BigInt(got.length))) {
      if (!happenedBy(stored, cutoff)) break;
      apply(id, stored);
    }
  }
  return { invoices, read, lastEvents: [...last.values()] };
}

const KIND_LABEL = STAMP_RECORD_KIND_LABEL;

export const stampKindLabel = (kind: keyof typeof KIND_LABEL) => KIND_LABEL[kind];

/**
 * One line per transaction (a line per serial for destroyed, lost, stolen, voided, returned-to-state and replacement
 * stamps, then their total), opening and closing on-hand lines around them.
 */
export function stampRecordCsv(record: StampRecordAsOf): string {
  let csv = csvLine([
    'Date',
    'Transaction',
    'Roll',
    'Serials',
    'Quantity',
    'Invoice Date',
    'Invoice Number',
    'Retailer',
    'Permit',
    'Note',
    'On Hand After',
  ]);
  csv += csvLine([record.from, 'Opening balance', '', '', '', '', '', '', '', '', record.openingOnHand]);
  for (const day of record.days) {
    for (const line of day.lines) {
      const base = [line.rollId, line.invoiceDate, line.invoiceNumber, line.retailer, line.permit, line.note];
      if (LISTED_KINDS.has(line.kind)) {
        for (const serial of line.serialList)
          csv += csvLine([day.date, KIND_LABEL[line.kind], base[0], serial, 1, ...base.slice(1), '']);
        csv += csvLine([
          day.date,
          `${KIND_LABEL[line.kind]} (total)`,
          line.rollId,
          line.serials,
          line.quantity,
          '',
          '',
          '',
          '',
          line.note,
          line.onHandAfter,
        ]);
        continue;
      }
      csv += csvLine([
        day.date,
        KIND_LABEL[line.kind],
        base[0],
        line.serials,
        line.quantity,
        ...base.slice(1),
        line.onHandAfter,
      ]);
    }
  }
  csv += csvLine([record.to, 'Closing balance', '', '', '', '', '', '', '', '', record.closingOnHand]);
  csv += csvLine([
    record.to,
    `As of ${record.asOf}`,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    record.chainHead ? `Chain head ${record.chainHead.seq} ${record.chainHead.hash}` : '',
    '',
  ]);
  return csv;
}

/** The record as the CLI prints it. */
export function stampRecordText(record: StampRecordAsOf): string {
  const lines = [
    `Stamp transaction record of company ${record.companyId}, ${record.from} to ${record.to}, as of ${record.asOf}`,
    `Opening on hand: ${record.openingOnHand}`,
  ];
  if (record.days.length === 0) lines.push('  no stamp transaction in the period');
  for (const day of record.days) {
    lines.push(day.date);
    for (const line of day.lines) {
      const who = line.invoiceNumber
        ? `  invoice ${line.invoiceNumber}${line.invoiceDate ? ` of ${line.invoiceDate}` : ''} · ${line.retailer ?? ''} · ${line.permit ?? ''}`
        : '';
      lines.push(
        `  ${KIND_LABEL[line.kind].padEnd(18)} ${String(line.quantity).padStart(6)}  ${line.serials}${who}${line.note ? `  (${line.note})` : ''}  on hand ${line.onHandAfter}`,
      );
      if (LISTED_KINDS.has(line.kind)) lines.push(`    serials: ${line.serialList.join(' ')}`);
    }
  }
  lines.push(`Closing on hand: ${record.closingOnHand}`);
  const t = record.totals;
  lines.push(
    `Totals: ${t.received} received, ${t.affixed} affixed, ${t.returned} returned to stock, ${t.destroyed} destroyed, ${t.restored} destroys undone${extendedTotals(t)}`,
  );
  if (record.chainHead) lines.push(`Event chain head: #${record.chainHead.seq} ${record.chainHead.hash}`);
  lines.push(`Events read: ${record.eventsRead.stamps} stamp, ${record.eventsRead.invoices} invoice`);
  return lines.join('\n');
}

/** ', 2 lost, 1 replacement issued': the extended statuses' totals, only those that happened. */
/** Stamps that followed credited goods, as the record's totals say them. */
const GOODS_TOTAL = {
  goods_restocked: 'back in stock on returned bottles',
  goods_written_off: 'written off with their bottles',
  reissued: 'sold again on returned bottles',
} as const;

export function extendedTotals(totals: StampRecordTotals): string {
  const parts = (
    [
      'lost',
      'stolen',
      'voided',
      'returned_to_state',
      'replacement',
      'goods_restocked',
      'goods_written_off',
      'reissued',
    ] as const
  )
    .filter((kind) => (totals[kind] ?? 0) > 0)
    .map((kind) =>
      kind === 'replacement'
        ? `${totals[kind]} ${totals[kind] === 1 ? 'replacement' : 'replacements'} issued`
        : `${totals[kind]} ${GOODS_TOTAL[kind as keyof typeof GOODS_TOTAL] ?? KIND_LABEL[kind].toLowerCase()}`,
    );
  return parts.map((part) => `, ${part}`).join('');
}

const SERIAL_STATUS_LABEL: Record<SerialHistoryResponse['status'], string> = {
  not_received: 'Not received',
  available: 'In stock',
  invoiced: 'Affixed',
  destroyed: 'Destroyed',
  lost: 'Lost',
  stolen: 'Stolen',
  voided: 'Voided',
  returned_to_state: 'Returned to the state',
  returned_in_stock: 'On a returned bottle in stock',
  written_off: 'Written off with its bottle',
};

export const serialStatusLabel = (status: SerialHistoryResponse['status']) => SERIAL_STATUS_LABEL[status];

/** One stamp's history as of an instant: a line per transaction. */
export function serialHistoryCsv(history: SerialHistoryResponse): string {
  const serial = `${history.prefix}${history.number}`;
  let csv = csvLine([
    'Stamp',
    'Date',
    'Transaction',
    'Range',
    'Invoice Date',
    'Invoice Number',
    'Retailer',
    'Permit',
    'Note',
  ]);
  for (const t of history.transactions)
    csv += csvLine([
      serial,
      t.date,
      KIND_LABEL[t.kind],
      t.range,
      t.invoiceDate,
      t.invoiceNumber,
      t.retailer,
      t.permit,
      t.note,
    ]);
  csv += csvLine([
    serial,
    '',
    `Status as of ${history.asOf}`,
    '',
    '',
    '',
    '',
    '',
    serialStatusLabel(history.status),
  ]);
  csv += csvLine([
    serial,
    '',
    `As of ${history.asOf}`,
    '',
    '',
    '',
    '',
    '',
    history.chainHead ? `Chain head ${history.chainHead.seq} ${history.chainHead.hash}` : '',
  ]);
  return csv;
}

/** `stamp_AB1011_as_of_2026-04-01T050000Z.csv` */
export const serialHistoryFileName = (history: SerialHistoryResponse, ext: 'csv' | 'pdf') =>
  `stamp_${history.prefix}${history.number}_as_of_${history.asOf.replace(/[:.]/g, '').replace(/\d{3}Z$/, 'Z')}.${ext}`.replace(
    /[^A-Za-z0-9_.-]/g,
    '_',
  );
