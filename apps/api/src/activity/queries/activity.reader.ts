import type { ActivityGridRow } from '#domain/contracts/activity.contract.js';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { fieldChanges, type FieldChange } from '#domain/activity/field-changes.js';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { AnyEvent } from '#domain/shared/decider.js';
import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { EVENT_STORE, type EventStore } from '#engine';
import { tenantQuery } from '#infra/db/tenant-query.js';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_KINDS,
  isAccountKind,
} from '#projections/activity/activity.projection.js';
import {
  buildGridQueries,
  defineGrid,
  GridParams,
  parseGridRequest,
  type GridRequest,
} from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';

/** The company's time zone, read once per statement ($1 is the grid's tenant). */
const COMPANY_ZONE = `(SELECT COALESCE(max(z.time_zone), '${DEFAULT_TIME_ZONE}') FROM rm_company z WHERE z.id = $1::uuid)`;

/**
 * The company activity log (the client's specification: module, type, success, info and created_at), newest first.
 * Filters: the kind of event, sign-ins and the account's own events apart from business events (`account`), the user
 * who did it, the customer and the invoice (its number) it is about, and a date range in the company's days; each is
 * served by an index that keeps the newest first. Success is false only for a sync that failed or left records failed.
 */
export const activityGrid = defineGrid({
  table: `rm_activity a LEFT JOIN users u ON u.id::text = a.user_id`,
  tenantColumn: 'a.company_id',
  keyColumn: 'a.event_id',
  columns: {
    id: { sql: 'a.event_id', type: 'text', sortable: false, filterable: false },
    module: { sql: 'a.category', type: 'set' },
    type: { sql: 'a.action', type: 'set' },
    success: { sql: 'a.success', type: 'set', setType: 'boolean', sortable: false },
    info: { sql: 'a.details', type: 'text', sortable: false, filterable: false },
    created_at: { sql: 'a.occurred_at', dayZone: COMPANY_ZONE, type: 'date' },
    user_name: { sql: 'u.name', type: 'text' },
    user_id: { sql: 'a.user_id', type: 'set', sortable: false },
    kind: { sql: 'a.kind', type: 'set', sortable: false },
    account: { sql: 'a.account', type: 'set', setType: 'boolean', sortable: false },
    customer_id: { sql: 'a.customer_id', type: 'set', sortable: false },
    invoice: { sql: 'a.invoice_number', type: 'text', sortable: false },
  },
  defaultSort: [{ colId: 'created_at', sort: 'desc' }],
});

/** The activity log's reads: a page of the grid, one row, and the fields its event changed. */
@Injectable()
export class ActivityReader {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async grid(companyId: string, params: GridParams): Promise<{ rows: ActivityGridRow[]; count: number }> {
    const request = parseGridRequest(activityGrid, params);
    const queries = buildGridQueries(activityGrid, request, companyId);
    const kinds = countedKinds(request);
    const [rows, count] = await Promise.all([
      this.pool.query<ActivityGridRow>(queries.rows.text, queries.rows.values),
      kinds
        ? tenantQuery<{ n: string | null }>(
            this.pool,
            companyId,
            'SELECT sum(n) AS n FROM rm_activity_count WHERE company_id = $1 AND kind = ANY($2::text[])',
            [kinds],
          ).then(([row]) => Number(row?.n ?? 0))
        : this.pool
            .query<{ count: string }>(queries.count.text, queries.count.values)
            .then((r) => Number(r.rows[0]!.count)),
    ]);
    return { rows: rows.rows, count };
  }

  /** The row behind an activity id, with its user's name and the company's time zone. */
  async row(companyId: string, id: string) {
    const [row] = await tenantQuery<{
      user_id: string | null;
      category: string;
      action: string;
      details: { invoiceId?: unknown; feature?: unknown; emailId?: unknown; documentKind?: unknown };
      occurred_at: Date;
      user_name: string | null;
      time_zone: string | null;
    }>(
      this.pool,
      companyId,
      `SELECT a.user_id, a.category, a.action, a.details, a.occurred_at, u.name AS user_name, co.time_zone
         FROM rm_activity a LEFT JOIN users u ON u.id::text = a.user_id
         LEFT JOIN rm_company co ON co.id = a.company_id::uuid
        WHERE a.company_id = $1 AND a.event_id = $2::uuid`,
      [id],
    );
    return row;
  }

  /**
   * The event's stream folded up to it: the state before and after, compared. Invoice and payment rows fold the
   * invoice's stream, feature rows the company's; user facts (sign-ins, profile) change no folded state here, so
   * the facts they recorded are shown. Only a short stream is read (never the company's activity stream).
   */
  async changesOf(
    eventId: string,
    companyId: string,
    row: {
      category: string;
      action: string;
      details: { invoiceId?: unknown; feature?: unknown; emailId?: unknown; documentKind?: unknown };
    },
  ): Promise<{ type: string; changes: FieldChange[]; before: unknown; after: unknown }> {
    const { details } = row;
    // A document e-mail names its memo's invoice, but its events are on the e-mail's own stream: its facts are shown.
    const folded =
      typeof details.emailId === 'string'
        ? undefined
        : typeof details.invoiceId === 'string'
          ? { stream: invoiceStream(details.invoiceId), decider: invoiceDecider as unknown as Fold }
          : typeof details.feature === 'string'
            ? { stream: companyStream(companyId), decider: companyDecider as unknown as Fold }
            : undefined;
    if (folded) {
      let state = folded.decider.initialState();
      for await (const event of this.store.readStream(folded.stream)) {
        const before = state;
        state = folded.decider.evolve(state, event as unknown as AnyEvent);
        if (event.id !== eventId) continue;
        const changes = fieldChanges(before, state, isBookkeeping);
        return changes.length > 0
          ? { type: event.type, changes, before, after: state }
          : { type: event.type, changes: fieldChanges({}, event.data), before: {}, after: event.data };
      }
    }
    // A user fact (sign-in, profile): it changes no state folded here, and its stream is the company's whole
    // activity, so the facts the row recorded are shown.
    // An invoice's e-mail and a memo's share a category and action: the document's kind names the events' source.
    const source =
      details.documentKind === undefined
        ? undefined
        : details.documentKind === 'invoice'
          ? 'invoice'
          : 'email';
    const type = Object.entries(ACTIVITY_ACTIONS).find(
      ([, mapping]) =>
        mapping.category === row.category &&
        mapping.action === row.action &&
        (source === undefined || mapping.source === source),
    )?.[0];
    return { type: type ?? row.action, changes: fieldChanges({}, details), before: {}, after: details };
  }
}

/**
 * The kinds whose kept counts answer a request's count: when it filters by nothing but the kind and the sign-ins
 * switch (the log's usual views), the count is a sum of a few kept numbers instead of a count of every row; any
 * other filter (user, customer, invoice, dates, status) counts its rows, which its index keeps few.
 */
export function countedKinds(request: Pick<GridRequest, 'filters'>): string[] | undefined {
  let kinds: string[] = [...ACTIVITY_KINDS];
  for (const filter of request.filters) {
    if (filter.colId !== 'kind' && filter.colId !== 'account') return undefined;
    if (filter.conditions.length !== 1) return undefined;
    const [condition] = filter.conditions;
    if (condition?.filterType !== 'set' || condition.values.includes(null)) return undefined;
    const values = condition.values as string[];
    const flags = values.map((value) => ({ true: true, '1': true, false: false, '0': false })[value]);
    kinds =
      filter.colId === 'kind'
        ? kinds.filter((kind) => values.includes(kind))
        : kinds.filter((kind) => flags.includes(isAccountKind(kind)));
  }
  return kinds;
}

/** Fields of a folded state that are the system's bookkeeping, not something a user changed. */
const isBookkeeping = (field: string) => field === 'fingerprint';

type Fold = { initialState(): unknown; evolve(state: unknown, event: AnyEvent): unknown };
