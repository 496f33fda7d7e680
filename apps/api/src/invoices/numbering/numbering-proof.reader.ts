import type { NumberingProofResponse } from '#domain/contracts/stamp-record.contract.js';
import type { CompanyDetailsUpdated } from '#domain/companies/company.events.js';
import type {
  InvoiceCreated,
  InvoiceReplaced,
  InvoiceRevised,
  InvoiceStatusChanged,
} from '#domain/invoices/invoice.events.js';
import { invoiceNumbersStream, type InvoiceNumberEvent } from '#domain/invoices/invoice-numbers.js';
import {
  invoicesNumberedIn,
  numberingProof,
  type NumberedInvoice,
  type StartingNumberChange,
} from '#domain/invoices/numbering-proof.js';
import { INVOICE_STATUS_LABELS } from '#domain/shared/invoice-status.js';
import { chainHeadOf } from '#engine';
import type { EventStore, StoredEvent } from '#engine';
import { csvLine } from '../../infra/csv/csv-format.js';
import { readCreditMemoNumbering } from './credit-memo-numbering.reader.js';

/** The proof as the API answers it (domain/contracts/stamp-record.contract.ts). */
export type NumberingProofAsOf = NumberingProofResponse;

const EVENTS_PER_READ = 100;
const happenedBy = (event: StoredEvent, cutoff: number) => Date.parse(event.metadata.occurredAt) <= cutoff;

/** Every event of each stream up to the instant, streams in one round trip (then the long ones one by one). */
export async function readAsOf(
  store: EventStore,
  streams: readonly string[],
  cutoff: number,
  apply: (stream: string, event: StoredEvent) => void,
): Promise<void> {
  const rest = async (stream: string, from: bigint) => {
    for await (const stored of store.readStream(stream, from)) {
      if (!happenedBy(stored, cutoff)) return;
      apply(stream, stored);
    }
  };
  if (!store.readStreams || streams.length === 0) {
    for (const stream of streams) await rest(stream, 0n);
    return;
  }
  const batch = await store.readStreams(
    streams.map((stream) => ({ stream, fromRevision: 0n })),
    EVENTS_PER_READ,
  );
  for (const stream of streams) {
    const got = batch.get(stream) ?? [];
    let stopped = false;
    for (const stored of got) {
      if (!happenedBy(stored, cutoff)) {
        stopped = true;
        break;
      }
      apply(stream, stored);
    }
    if (!stopped && got.length === EVENTS_PER_READ) await rest(stream, BigInt(got.length));
  }
}

/**
 * The numbering proof of `from`–`to` as of `asOf`, replayed from the events: the company's
 * `invoice-numbers-…` stream and `company-…` settings up to the instant, then the streams of the invoices numbered
 * in the period (their state then). Cost: the numbering stream (one event per invoice number) up to the instant, the
 * company's settings, and one round trip for the period's invoices.
 */
export async function readNumberingProof(
  store: EventStore,
  companyId: string,
  options: { from: string; to: string; asOf: string; timeZone: string },
): Promise<NumberingProofAsOf> {
  const cutoff = Date.parse(options.asOf);
  const numbers: { event: InvoiceNumberEvent; occurredAt: string }[] = [];
  // The last event read of each stream: the chain head among them covers everything the proof was made from.
  const lastRead = new Map<string, string>();
  for await (const stored of store.readStream(invoiceNumbersStream(companyId))) {
    if (!happenedBy(stored, cutoff)) break;
    numbers.push({ event: stored as unknown as InvoiceNumberEvent, occurredAt: stored.metadata.occurredAt });
    lastRead.set('numbers', stored.id);
  }
  const starting: StartingNumberChange[] = [];
  let current: number | undefined;
  for await (const stored of store.readStream(`company-${companyId}`)) {
    if (!happenedBy(stored, cutoff)) break;
    lastRead.set('company', stored.id);
    if (stored.type !== 'CompanyDetailsUpdated') continue;
    const { startingInvoiceNumber } = stored.data as unknown as CompanyDetailsUpdated['data'];
    if (startingInvoiceNumber !== current)
      starting.push({ at: stored.metadata.occurredAt, startingNumber: startingInvoiceNumber });
    current = startingInvoiceNumber;
  }
  const ids = invoicesNumberedIn(numbers, options.from, options.to, options.timeZone);
  const invoices = new Map<string, NumberedInvoice>();
  await readAsOf(
    store,
    ids.map((id) => `invoice-${id}`),
    cutoff,
    (stream, stored) => {
      const id = stream.slice('invoice-'.length);
      lastRead.set(stream, stored.id);
      const known = invoices.get(id);
      if (stored.type === 'InvoiceCreated' || stored.type === 'InvoiceRevised') {
        const data = stored.data as unknown as (InvoiceCreated | InvoiceRevised)['data'];
        invoices.set(id, {
          number: 'number' in data ? data.number.display : (known?.number ?? ''),
          invoicedOn: data.invoicedOn,
          customer: data.customer.name,
          status: 'status' in data ? data.status : (known?.status ?? 'draft'),
          deleted: false,
          replaces: 'replaces' in data ? (data.replaces?.number ?? null) : (known?.replaces ?? null),
          replacedBy: known?.replacedBy ?? null,
        });
      } else if (stored.type === 'InvoiceReplaced' && known) {
        known.replacedBy = (stored.data as unknown as InvoiceReplaced['data']).replacement.number;
      } else if (stored.type === 'InvoiceStatusChanged' && known) {
        known.status = (stored.data as unknown as InvoiceStatusChanged['data']).to;
      } else if (stored.type === 'InvoiceDeleted' && known) {
        known.deleted = true;
      }
    },
  );
  const proof = numberingProof(numbers, starting, invoices, options);
  const creditMemos = await readCreditMemoNumbering(store, readAsOf, companyId, cutoff, options, lastRead);
  const memoGaps = creditMemos.gaps.length;
  return {
    companyId,
    asOf: new Date(cutoff).toISOString(),
    timeZone: options.timeZone,
    ...proof,
    // The CM- series' gaps count with the invoices' (every one of them is unexplained).
    gaps: proof.gaps + memoGaps,
    unexplained: proof.unexplained + memoGaps,
    creditMemos,
    chainHead: await chainHeadOf(store, companyId, [...lastRead.values()]),
  };
}

/** 'Replaced by 352', 'Replaces 345', both, or ''. */
export function correctionText(invoice: { replaces: string | null; replacedBy: string | null }): string {
  return [
    invoice.replaces ? `Replaces ${invoice.replaces}` : '',
    invoice.replacedBy ? `Replaced by ${invoice.replacedBy}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

export const STATE_LABEL = {
  issued: 'Issued',
  cancelled: 'Cancelled',
  deleted: 'Deleted (was cancelled)',
} as const;

export const MEMO_STATE_LABEL = { issued: 'Issued', void: 'Void (keeps its number)' } as const;

/** One line per invoice carrying a number (two when a beer invoice shares it), then one per gap. */
export function numberingProofCsv(proof: NumberingProofAsOf): string {
  let csv = csvLine([
    'Sequence',
    'Number',
    'Issued On',
    'Invoice Number',
    'Invoice Date',
    'Customer',
    'Status',
    'State',
    'Correction',
  ]);
  for (const sequence of proof.sequences) {
    const label = sequence.prefix ? `Customer ${sequence.prefix.replace(/-$/, '')}` : 'Company';
    for (const entry of sequence.numbers)
      for (const invoice of entry.invoices)
        csv += csvLine([
          label,
          entry.number,
          entry.issuedOn,
          invoice.number,
          invoice.invoicedOn,
          invoice.customer,
          INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status,
          STATE_LABEL[invoice.state],
          correctionText(invoice),
        ]);
    for (const gap of sequence.gaps)
      csv += csvLine([
        label,
        gap.from === gap.to
          ? `${sequence.prefix}${gap.from}`
          : `${sequence.prefix}${gap.from}-${sequence.prefix}${gap.to}`,
        '',
        '',
        '',
        '',
        '',
        `${gap.explained ? 'Gap' : 'UNEXPLAINED GAP'}: ${gap.explanation}`,
        '',
      ]);
  }
  for (const memo of proof.creditMemos.numbers)
    csv += csvLine([
      'Credit memos',
      memo.number,
      memo.issuedOn,
      memo.invoiceNumber,
      '',
      memo.customer,
      '',
      MEMO_STATE_LABEL[memo.state],
      '',
    ]);
  for (const gap of proof.creditMemos.gaps)
    csv += csvLine([
      'Credit memos',
      gap.from === gap.to ? `CM-${gap.from}` : `CM-${gap.from}-CM-${gap.to}`,
      '',
      '',
      '',
      '',
      '',
      `UNEXPLAINED GAP: ${gap.explanation}`,
      '',
    ]);
  csv += csvLine([
    'All',
    `${proof.issued} numbers issued`,
    proof.from,
    proof.to,
    '',
    '',
    '',
    proof.gaps === 0 ? 'No gap' : `${proof.gaps} gap(s), ${proof.unexplained} unexplained`,
    proof.chainHead ? `Chain head ${proof.chainHead.seq} ${proof.chainHead.hash}` : '',
  ]);
  return csv;
}
