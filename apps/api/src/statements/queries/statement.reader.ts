import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

/**
 * One dated document of a customer, whatever its kind: the columns every select of the union answers. `amount_cents`
 * is the document's own amount (an invoice's total, a payment's amount); what it does to the balance is the
 * domain's (domain/statements/statement.ts).
 */
export interface StatementDocumentRow extends Record<string, unknown> {
  kind:
    | 'invoice'
    | 'payment'
    | 'credit_memo'
    | 'credit_memo_void'
    | 'account_payment'
    | 'application'
    | 'refund'
    | 'invoice_credit'
    | 'unapplication';
  id: string;
  on_date: string;
  reference: string;
  amount_cents: string;
  /** invoice: its status; payment: the status of the invoice it was logged on; account entries: the method */
  status: string;
  /** invoice: the typed due date */
  due_on: string | null;
  /** invoice: the credit law can date it (invoice-due.ts) */
  credit_subject: boolean;
  /** payment: the invoice it pays; credit memo: the invoice it credits */
  applies_to: string | null;
  /**
   * payment: its note; credit memo: the number of the invoice it credits; account entries: the invoice's number
   */
  note: string;
}

/**
 * The customer's documents dated on or before `to`, one select per kind joined by UNION ALL. Each select reads only
 * the customer's own rows through an index on (company, customer, date), so a statement costs the customer's history,
 * never the company's:
 * - invoices: rm_invoice_grid_customer_idx (company_id, customer_id, invoiced_on …) WHERE deleted_at IS NULL; drafts
 *   are not issued and charge nothing, so they are left out;
 * - payments: the live payments kept on each of the customer's invoices (`rm_invoice.payments`, the same index), a
 *   draft's or a cancelled invoice's payments included (also those that became the customer's credit): the money
 *   was received.
 *   Payments applied from the customer's account are left out here: the account's entries hold them;
 * - credit memos, voided ones too, on the day they were issued, through rm_credit_memo_customer_idx (company_id,
 *   customer_id, issued_on); and each void on the company's day of it (a statement of an earlier period still
 *   shows the credit the customer had then);
 * - the customer's account entries (payments on account, applications and the shares taken back from them, refunds,
 *   cancelled invoices' payments become credit) of the period, through rm_customer_account_entry_date_idx (company_id,
 *   customer_id, on_date); those before the period ($5, its first day) summed by the same index into what the
 *   opening balance and the aging take from them: the payments on account, the refunds, and each invoice's
 *   applications less the shares taken back (a cancelled invoice's credit moves no balance and pays no invoice).
 * A new kind of document is one more select answering the same columns, and one more case in the domain's
 * `amountsOf`.
 */
export const STATEMENT_DOCUMENTS_SQL = `
SELECT 'invoice' AS kind, i.id::text AS id, to_char(i.invoiced_on, 'YYYY-MM-DD') AS on_date, i.number AS reference,
       i.total_cents AS amount_cents, i.status, to_char(i.due_on, 'YYYY-MM-DD') AS due_on,
       i.credit_subject, NULL::text AS applies_to, '' AS note
  FROM rm_invoice i
 WHERE i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL AND i.invoiced_on <= $3::date
   AND i.status <> 'draft'
UNION ALL
SELECT 'payment', p.id, p.received_on, i.number, p.amount_cents, i.status, NULL, false, i.id::text,
       coalesce(p.note, '')
  FROM rm_invoice i
 CROSS JOIN LATERAL jsonb_to_recordset(i.payments)
       AS p(id text, amount_cents bigint, received_on text, note text, from_account boolean)
 WHERE i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL AND i.payments <> '[]'::jsonb
   AND p.received_on::date <= $3::date AND p.from_account IS NOT TRUE
UNION ALL
SELECT 'credit_memo', m.id::text, to_char(m.issued_on, 'YYYY-MM-DD'), m.number, m.total_cents, m.status, NULL, false,
       m.invoice_id::text, m.invoice_number
  FROM rm_credit_memo m
 WHERE m.company_id = $1 AND m.customer_id = $2 AND m.issued_on <= $3::date
UNION ALL
SELECT 'credit_memo_void', m.id::text, to_char((m.voided_at AT TIME ZONE $4)::date, 'YYYY-MM-DD'), m.number,
       m.total_cents, m.status, NULL, false, m.invoice_id::text, m.invoice_number
  FROM rm_credit_memo m
 WHERE m.company_id = $1 AND m.customer_id = $2 AND m.status = 'void' AND m.voided_at IS NOT NULL
   AND (m.voided_at AT TIME ZONE $4)::date <= $3::date
UNION ALL
SELECT CASE e.kind WHEN 'payment' THEN 'account_payment' ELSE e.kind END, e.id, to_char(e.on_date, 'YYYY-MM-DD'),
       e.reference, e.amount_cents, coalesce(e.method, ''), NULL, false, e.invoice_id::text,
       coalesce(e.invoice_number, '')
  FROM rm_customer_account_entry e
 WHERE e.company_id = $1 AND e.customer_id = $2 AND e.on_date >= $5::date AND e.on_date <= $3::date
UNION ALL
SELECT s.kind, 'before:' || s.kind || coalesce(':' || s.invoice_id, ''), to_char(s.on_date, 'YYYY-MM-DD'), '',
       s.amount_cents, '', NULL, false, s.invoice_id, ''
  FROM (SELECT CASE e.kind WHEN 'payment' THEN 'account_payment' WHEN 'refund' THEN 'refund' ELSE 'application' END
                 AS kind,
               CASE WHEN e.kind IN ('application', 'unapplication') THEN e.invoice_id::text END AS invoice_id,
               sum(CASE e.kind WHEN 'unapplication' THEN -e.amount_cents ELSE e.amount_cents END)::bigint AS amount_cents,
               max(e.on_date) AS on_date
          FROM rm_customer_account_entry e
         WHERE e.company_id = $1 AND e.customer_id = $2 AND e.on_date < $5::date
           AND e.kind IN ('payment', 'refund', 'application', 'unapplication')
         GROUP BY 1, 2) s`;

@Injectable()
export class StatementReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * Every document of the customer dated on or before the period's end (the opening balance needs those before the
   * period; the account's entries before it come summed); `timeZone`, the company's, dates what happened at an
   * instant (a memo's void) on the company's day.
   */
  documents(
    companyId: string,
    customerId: string,
    period: { from: string; to: string },
    timeZone: string,
  ): Promise<StatementDocumentRow[]> {
    return tenantQuery<StatementDocumentRow>(this.pool, companyId, STATEMENT_DOCUMENTS_SQL, [
      customerId,
      period.to,
      timeZone,
      period.from,
    ]);
  }
}
