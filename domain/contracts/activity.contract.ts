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
