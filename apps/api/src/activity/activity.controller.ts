import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { defineGrid, GridParams, runGrid } from '../infra/grid/index.js';
import { PG_POOL } from '../infra/projections.provider.js';

/** The company activity log (spec 001 §2 /activity): sign-ins and other facts, newest first. */
export const activityGrid = defineGrid({
  table: 'rm_activity a LEFT JOIN users u ON u.id::text = a.user_id',
  tenantColumn: 'a.company_id',
  keyColumn: 'a.event_id',
  columns: {
    id: { sql: 'a.event_id', type: 'text', sortable: false, filterable: false },
    occurred_at: { sql: 'a.occurred_at', type: 'date' },
    category: { sql: 'a.category', type: 'set' },
    action: { sql: 'a.action', type: 'set' },
    user_name: { sql: 'u.name', type: 'text' },
    user_email: { sql: 'u.email', type: 'text' },
    details: { sql: 'a.details', type: 'text', sortable: false, filterable: false },
  },
  defaultSort: [{ colId: 'occurred_at', sort: 'desc' }],
});

@ApiTags('activity')
@ApiBearerAuth()
@Controller('activity')
export class ActivityController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Get('grid')
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return runGrid(this.pool, activityGrid, params, user.companyId);
  }
}
