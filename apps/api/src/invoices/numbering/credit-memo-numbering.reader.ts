import type { CreditMemoIssued, CreditMemoVoided } from '#domain/credits/credit-memo.events.js';
import { creditMemoNumbersStream, type CreditMemoNumberEvent } from '#domain/credits/credit-memo-numbers.js';
import {
  creditMemoNumbering,
  memosNumberedIn,
  type CreditMemoNumbering,
  type NumberedMemo,
} from '#domain/credits/credit-memo-numbering-proof.js';
import type { EventStore, StoredEvent } from '#engine';

type ReadAsOf = (
  store: EventStore,
  streams: readonly string[],
  cutoff: number,
  apply: (stream: string, event: StoredEvent) => void,
) => Promise<void>;

/**
 * The credit memos' CM- series as of the instant, replayed like the invoices': the company's
 * `credit-memo-numbers-…` stream up to the instant, then the invoice streams of the memos numbered in the period
 * (each memo issued, and void or not, then). `lastRead` collects the last event read of each stream for the chain
 * head.
 */
export async function readCreditMemoNumbering(
  store: EventStore,
  readAsOf: ReadAsOf,
  companyId: string,
  cutoff: number,
  options: { from: string; to: string; timeZone: string },
  lastRead: Map<string, string>,
): Promise<CreditMemoNumbering> {
  const numbers: { event: CreditMemoNumberEvent; occurredAt: string }[] = [];
  for await (const stored of store.readStream(creditMemoNumbersStream(companyId))) {
    if (Date.parse(stored.metadata.occurredAt) > cutoff) break;
    numbers.push({
      event: stored as unknown as CreditMemoNumberEvent,
      occurredAt: stored.metadata.occurredAt,
    });
    lastRead.set('credit-memo-numbers', stored.id);
  }
  const numbered = memosNumberedIn(numbers, options.from, options.to, options.timeZone);
  const wanted = new Set(numbered.map((m) => m.creditMemoId));
  const memos = new Map<string, NumberedMemo>();
  await readAsOf(
    store,
    [...new Set(numbered.map((m) => `invoice-${m.invoiceId}`))],
    cutoff,
    (stream, stored) => {
      lastRead.set(stream, stored.id);
      if (stored.type === 'CreditMemoIssued') {
        const data = stored.data as unknown as CreditMemoIssued['data'];
        if (wanted.has(data.creditMemoId))
          memos.set(data.creditMemoId, {
            invoiceNumber: data.invoiceNumber,
            customer: data.customerName,
            voided: false,
          });
      } else if (stored.type === 'CreditMemoVoided') {
        const memo = memos.get((stored.data as unknown as CreditMemoVoided['data']).creditMemoId);
        if (memo) memo.voided = true;
      }
    },
  );
  return creditMemoNumbering(numbers, memos, options);
}
