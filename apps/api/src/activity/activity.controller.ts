import type { ActivityDetail, ActivityGridRow } from '#domain/contracts/activity.contract.js';
import {
  Controller,
  ForbiddenException,
  Get,
  Inject,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { fieldChanges } from '#domain/activity/field-changes.js';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { AnyEvent } from '#domain/shared/decider.js';
import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { EVENT_STORE, type EventStore } from '#infra/event-store/event-store.port.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { ACTIVITY_ACTIONS } from '#projections/activity/activity.projection.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { defineGrid, GridParams, runGrid } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { USER_USER_ACTIVITY_GRID_ANSWER } from './activity.answers.js';

/**
 * The company activity log (spec 001 §2 /activity, §3 Activity): module, type, success, info and created_at, newest
 * first. A date filter on created_at picks the company's days (its time zone), while created_at answers the instant.
 * Success is false only for a sync (Bottle POS, Clover) that failed or left records failed.
 */
export const activityGrid = defineGrid({
  table: `rm_activity a
    LEFT JOIN users u ON u.id::text = a.user_id
    LEFT JOIN rm_company co ON co.id = a.company_id::uuid`,
  tenantColumn: 'a.company_id',
  keyColumn: 'a.event_id',
  columns: {
    id: { sql: 'a.event_id', type: 'text', sortable: false, filterable: false },
    module: { sql: 'a.category', type: 'set' },
    type: { sql: 'a.action', type: 'set' },
    success: { sql: 'a.success', type: 'set', setType: 'boolean', sortable: false },
    info: { sql: 'a.details', type: 'text', sortable: false, filterable: false },
    created_at: {
      sql: 'a.occurred_at',
      filterSql: `(a.occurred_at AT TIME ZONE COALESCE(co.time_zone, '${DEFAULT_TIME_ZONE}'))`,
      type: 'date',
    },
    user_name: { sql: 'u.name', type: 'text' },
  },
  defaultSort: [{ colId: 'created_at', sort: 'desc' }],
});

@ApiTags('activity')
@ApiBearerAuth()
@Controller('user/user-activity')
export class ActivityController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get('grid')
  @ApiAnswer(200, 'One page of the grid and the count of matching rows', USER_USER_ACTIVITY_GRID_ANSWER)
  @ApiOperation({ summary: "The company's activity log (grid protocol: rows, count)" })
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return runGrid<ActivityGridRow>(this.pool, activityGrid, params, user.companyId);
  }

  @Get(':id')
  @ApiAnswer(200, 'The event behind the row and the fields it changed', {
    id: '0e9029b6-e365-4e63-bfc6-e69e1903701b',
    module: 'INVOICE',
    type: 'UPDATE',
    event_type: 'InvoiceRevised',
    occurred_at: '2026-11-25T17:36:02.512Z',
    user_name: 'Ada Owner',
    changes: [{ field: 'totals.totalCents', before: 1949, after: 4871 }],
  })
  @ApiOperation({
    summary:
      'The event behind an activity row and the fields it changed, old → new (owners: any row; staff: their own)',
  })
  async detail(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
  ): Promise<ActivityDetail> {
    const [row] = await tenantQuery<{
      user_id: string | null;
      category: string;
      action: string;
      details: { invoiceId?: unknown; feature?: unknown };
      occurred_at: Date;
      user_name: string | null;
    }>(
      this.pool,
      user.companyId,
      `SELECT a.user_id, a.category, a.action, a.details, a.occurred_at, u.name AS user_name
         FROM rm_activity a LEFT JOIN users u ON u.id::text = a.user_id
        WHERE a.company_id = $1 AND a.event_id = $2::uuid`,
      [id],
    );
    if (!row) throw new NotFoundException('Activity not found');
    if (row.user_id !== user.id && user.role !== 'owner')
      throw new ForbiddenException("Only the owner can open other users' activity.");
    const { type, changes } = await this.changesOf(id, user.companyId, row);
    return {
      id,
      module: row.category,
      type: row.action,
      event_type: type,
      occurred_at: row.occurred_at.toISOString(),
      user_name: row.user_name,
      changes,
    };
  }

  /**
   * The event's stream folded up to it: the state before and after, compared. Invoice and payment rows fold the
   * invoice's stream, feature rows the company's; user facts (sign-ins, profile) change no folded state here, so
   * the facts they recorded are shown. Only a short stream is read (never the company's activity stream).
   */
  private async changesOf(
    eventId: string,
    companyId: string,
    row: { category: string; action: string; details: { invoiceId?: unknown; feature?: unknown } },
  ): Promise<{ type: string; changes: ActivityDetail['changes'] }> {
    const { details } = row;
    const folded =
      typeof details.invoiceId === 'string'
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
        return { type: event.type, changes: changes.length > 0 ? changes : fieldChanges({}, event.data) };
      }
    }
    // A user fact (sign-in, profile): it changes no state folded here, and its stream is the company's whole
    // activity, so the facts the row recorded are shown.
    const type = Object.entries(ACTIVITY_ACTIONS).find(
      ([, mapping]) => mapping.category === row.category && mapping.action === row.action,
    )?.[0];
    return { type: type ?? row.action, changes: fieldChanges({}, details) };
  }
}

/** Fields of a folded state that are the system's bookkeeping, not something a user changed. */
const isBookkeeping = (field: string) => field === 'fingerprint';

type Fold = { initialState(): unknown; evolve(state: unknown, event: AnyEvent): unknown };
