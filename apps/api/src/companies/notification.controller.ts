import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { requiredBoolean, toBoolean } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { FollowsRule } from '../infra/http/follows-rule.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { COMPANY_NOTIFICATION_ANSWER, NOTIFICATION_SAVED_ANSWER } from './notification.answers.js';

export class NotificationBody {
  @ApiProperty({ type: Boolean })
  @FollowsRule(requiredBoolean('E-mail notification must be true or false.'))
  email_notification!: boolean | number;

  @ApiProperty({ type: Boolean })
  @FollowsRule(requiredBoolean('App notification must be true or false.'))
  app_notification!: boolean | number;
}

/**
 * The signed-in user's notifications for placed orders (as the client's specification asks);
 * only with the order feature. A user's preference, not company data: a plain table, both on until changed.
 */
@ApiTags('company')
@ApiBearerAuth()
@RequiresFeature('order')
@Controller('company/notification')
export class NotificationController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiAnswer(200, "The user's notification preferences for a placed order", COMPANY_NOTIFICATION_ANSWER)
  get(@CurrentUser() user: AuthUser) {
    return this.read(user);
  }

  @Put()
  @ApiAnswer(200, 'The preferences as saved', NOTIFICATION_SAVED_ANSWER)
  async update(@CurrentUser() user: AuthUser, @Body() body: NotificationBody) {
    await this.pool.query(
      `INSERT INTO user_notification_preferences (user_id, company_id, email_notification, app_notification, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (user_id) DO UPDATE SET email_notification = EXCLUDED.email_notification,
         app_notification = EXCLUDED.app_notification, updated_at = EXCLUDED.updated_at`,
      [user.id, user.companyId, toBoolean(body.email_notification), toBoolean(body.app_notification)],
    );
    return this.read(user);
  }

  private async read(user: AuthUser) {
    const [row] = await tenantQuery<{ email_notification: boolean; app_notification: boolean }>(
      this.pool,
      user.companyId,
      'SELECT email_notification, app_notification FROM user_notification_preferences WHERE company_id = $1 AND user_id = $2',
      [user.id],
    );
    return {
      email_notification: row?.email_notification ?? true,
      app_notification: row?.app_notification ?? true,
      user: { id: user.id, name: user.name, email: user.email },
    };
  }
}
