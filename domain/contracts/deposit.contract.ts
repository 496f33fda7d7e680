/*
 * What the deposit list answers and takes (GET /deposits, POST /invoice/{id}/payment/{paymentId}/deposit and
 * /dishonour). Money in dollars, business dates yyyy-MM-dd. Types only: the web build imports this file too.
 */

/** A check taken at delivery and not deposited yet. */
export interface DepositCheckRow {
  payment_id: string;
  invoice_id: string;
  invoice_number: string;
  customer_id: string;
  customer: string;
  amount: number;
  /** The check's number. */
  reference: string | null;
  received_at: string;
  /** A beer invoice's check: 2 days, Sundays and holidays not counted; else 5 business days. */
  beer: boolean;
  /** The last day it may be deposited. */
  deposit_by: string;
  overdue: boolean;
}

/** GET /deposits: every check not deposited yet, oldest first, on the company's today. */
export interface DepositsResponse {
  today: string;
  checks: DepositCheckRow[];
}

/** POST /invoice/{id}/payment/{paymentId}/deposit. */
export interface DepositCheckBody {
  /** Default: the company's today. */
  deposited_on?: string;
}

/** POST /invoice/{id}/payment/{paymentId}/dishonour. */
export interface DishonourCheckBody {
  note?: string;
}
