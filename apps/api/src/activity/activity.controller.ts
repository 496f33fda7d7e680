import type { ActivityGridRow } from '../../../../domain/contracts/activity.contract.js';
import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { DEFAULT_TIME_ZONE } from '../../../../domain/shared/business-date.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { defineGrid, GridParams, runGrid } from '../infra/grid/index.js';
import { PG_POOL } from '../infra/projections.provider.js';

/**
 * The company activity log (spec 001 §2 /activity, §3 Activity): module, type, success, info and created_at, newest
 * first. A date filter on created_at picks the company's days (its time zone), while created_at answers the instant.
 * Every row is a recorded fact, so success is true; failed syncs will log errors once those integrations exist.
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
    success: { sql: 'TRUE', type: 'set', setType: 'boolean', sortable: false },
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
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Get('grid')
  @ApiOperation({ summary: "The company's activity log (grid protocol: rows, count)" })
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return runGrid<ActivityGridRow>(this.pool, activityGrid, params, user.companyId);
  }
}
