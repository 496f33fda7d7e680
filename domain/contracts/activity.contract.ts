/*
 * What /user/user-activity answers, as the API writes it and the web reads it (spec 001 §3 Activity). Types only:
 * the web build imports this file too.
 */

/**
 * A row's `info`: the event's facts as the activity projection keeps them (camelCase: the event data). invoiceNumber
 * and beer for invoice and payment activity; feature and title for feature switches.
 */
export interface ActivityInfo {
  invoiceNumber?: string;
  beer?: boolean;
  amountCents?: number;
  feature?: string;
  title?: string;
  message?: string;
  [key: string]: unknown;
}

/** A row of GET /user/user-activity/grid. */
export interface ActivityGridRow {
  id: string;
  /** AUTH, INVOICE, PAYMENT, BOTTLE_POS, CLOVER, MPOWER … */
  module: string;
  /** SIGN_IN, CREATE, UPDATE, DELETE, ADD_PRIVATE_NOTE, FEATURE_ON … */
  type: string;
  success: boolean;
  info: ActivityInfo;
  /** ISO instant. */
  created_at: string;
  user_name: string | null;
}

/** One field an activity's event changed (GET /user/user-activity/{id}); a missing side did not exist. */
export interface ActivityFieldChange {
  field: string;
  before?: string | number | boolean | null;
  after?: string | number | boolean | null;
}

/**
 * GET /user/user-activity/{id}: the event behind an activity row, who recorded it and when, and what it changed —
 * its stream's state before and after it, field by field (invoice and feature activity) — or, for events that
 * change no state (sign-ins), the facts it recorded (`after` only). Secrets and tokens are never shown.
 */
export interface ActivityDetail {
  id: string;
  module: string;
  type: string;
  /** The stored event's type, e.g. InvoiceRevised. */
  event_type: string;
  /** ISO instant. */
  occurred_at: string;
  user_name: string | null;
  changes: ActivityFieldChange[];
}
