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
import { labelChanges } from '#domain/activity/change-labels.js';
import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { GridParams } from '#infra/grid/index.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { USER_USER_ACTIVITY_GRID_ANSWER } from './activity.answers.js';
import { ActivityReader } from './queries/activity.reader.js';

@ApiTags('activity')
@ApiBearerAuth()
@Controller('user/user-activity')
export class ActivityController {
  constructor(@Inject(ActivityReader) private readonly activity: ActivityReader) {}

  @Get('grid')
  @ApiAnswer(200, 'One page of the grid and the count of matching rows', USER_USER_ACTIVITY_GRID_ANSWER)
  @ApiOperation({ summary: "The company's activity log (grid protocol: rows, count)" })
  grid(
    @CurrentUser() user: AuthUser,
    @Query() params: GridParams,
  ): Promise<{ rows: ActivityGridRow[]; count: number }> {
    return this.activity.grid(user.companyId, params);
  }

  @Get(':id')
  @ApiAnswer(200, 'The event behind the row and the fields it changed', {
    id: '0e9029b6-e365-4e63-bfc6-e69e1903701b',
    module: 'INVOICE',
    type: 'UPDATE',
    event_type: 'InvoiceRevised',
    occurred_at: '2026-11-25T17:36:02.512Z',
    user_name: 'Ada Owner',
    changes: [{ field: 'totals.totalCents', label: 'Totals · Total', before: '$19.49', after: '$48.71' }],
  })
  @ApiOperation({
    summary:
      'The event behind an activity row and the fields it changed, old → new (owners: any row; staff: their own)',
  })
  async detail(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
  ): Promise<ActivityDetail> {
    const row = await this.activity.row(user.companyId, id);
    if (!row) throw new NotFoundException('Activity not found');
    if (row.user_id !== user.id && user.role !== 'owner')
      throw new ForbiddenException("Only the owner can open other users' activity.");
    const { type, changes, before, after } = await this.activity.changesOf(id, user.companyId, row);
    return {
      id,
      module: row.category,
      type: row.action,
      event_type: type,
      occurred_at: row.occurred_at.toISOString(),
      user_name: row.user_name,
      changes: labelChanges(changes, { before, after, timeZone: row.time_zone || DEFAULT_TIME_ZONE }),
    };
  }
}
