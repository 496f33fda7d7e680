import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { requiredBoolean, toBoolean } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { FollowsRule } from '../infra/http/follows-rule.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { COMPANY_NOTIFICATION_ANSWER, NOTIFICATION_SAVED_ANSWER } from './notification.answers.js';
import { NotificationPreferencesReader } from './queries/notification-preferences.reader.js';

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
  constructor(
    @Inject(NotificationPreferencesReader) private readonly preferences: NotificationPreferencesReader,
  ) {}

  @Get()
  @ApiAnswer(200, "The user's notification preferences for a placed order", COMPANY_NOTIFICATION_ANSWER)
  get(@CurrentUser() user: AuthUser) {
    return this.preferences.read(user);
  }

  @Put()
  @ApiAnswer(200, 'The preferences as saved', NOTIFICATION_SAVED_ANSWER)
  async update(@CurrentUser() user: AuthUser, @Body() body: NotificationBody) {
    await this.preferences.save(user, toBoolean(body.email_notification), toBoolean(body.app_notification));
    return this.preferences.read(user);
  }
}
