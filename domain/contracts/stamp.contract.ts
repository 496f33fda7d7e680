/*
 * What /stamp answers, as the API writes it and the web reads it (spec 000 §3 Stamp roll; issue 5). Types only:
 * the web build imports this file too.
 */

/** A range of stamps of one roll, as every answer writes it (the domain's StampRange, snake_case). */
export interface StampRangeResponse {
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
}

/** GET /stamp/allocation: what auto-allocation would give an invoice now (nothing is kept). */
export interface StampAllocationPreviewResponse {
  count: number;
  /** The stamps the invoice would hold: those it has, plus the shortfall, first active roll first. */
  ranges: StampRangeResponse[];
  /** Of those, the ones it does not hold yet. */
  added: StampRangeResponse[];
  /** Stamps it holds that it would give back (it needs fewer). */
  released: StampRangeResponse[];
}

/** POST /stamp/range/check: a manual range is usable (else the spec's message as a 4xx). */
export interface StampRangeCheckResponse extends StampRangeResponse {
  valid: true;
  count: number;
  /** As messages write it: AB1000-AB1011. */
  range: string;
}
