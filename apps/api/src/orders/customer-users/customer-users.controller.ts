import { Body, Controller, Get, Inject, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { toBoolean } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import {
  CustomerUserPermissionBody,
  CustomerUserRevokeBody,
  InviteCustomerUserBody,
  NotificationPreferencesBody,
} from '../dto/order.bodies.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import {
  CUSTOMER_USER_DISABLED_ANSWER,
  CUSTOMER_USER_INVITED_ANSWER,
  CUSTOMER_USER_REVOKED_ANSWER,
  CUSTOMER_USERS_ANSWER,
} from './customer-users.answers.js';
import { CustomerUsersService } from './customer-users.service.js';
import { Clock } from '../../infra/clock.js';

const notFound = () => new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** The client's specification customer-user calls (order feature): lists, invitation, permission, revoke, notifications. */
@ApiTags('customer')
@ApiBearerAuth()
@RequiresFeature('order')
@Controller('customer')
export class CustomerUsersController {
  constructor(
    @Inject(CustomerUsersService) private readonly users: CustomerUsersService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('all-users')
  @ApiAnswer(200, "The users of all the company's customers", CUSTOMER_USERS_ANSWER)
  all(@CurrentUser() user: AuthUser) {
    return this.users.list(user.companyId);
  }

  @Get(':customerId/user')
  @ApiAnswer(200, "The customer's users", CUSTOMER_USERS_ANSWER)
  ofCustomer(@CurrentUser() user: AuthUser, @Param('customerId', notFound()) customerId: string) {
    return this.users.list(user.companyId, customerId);
  }

  @Post('user-invitation')
  @ApiAnswer(201, 'The user invited (e-mailed the link) and the link', CUSTOMER_USER_INVITED_ANSWER)
  invite(@CurrentUser() user: AuthUser, @Body() body: InviteCustomerUserBody) {
    return this.users.invite(user, body.values, body.customer.toLowerCase(), this.clock.nowIso());
  }

  @Put('user-permission')
  @ApiAnswer(200, 'The user as saved', CUSTOMER_USER_DISABLED_ANSWER)
  permission(@CurrentUser() user: AuthUser, @Body() body: CustomerUserPermissionBody) {
    return this.users.setPermission(
      user,
      body.customerUser.toLowerCase(),
      toBoolean(body.permission)!,
      this.clock.nowIso(),
    );
  }

  @Put('user-invitation-revoke')
  @ApiAnswer(200, 'The user as saved', CUSTOMER_USER_REVOKED_ANSWER)
  revoke(@CurrentUser() user: AuthUser, @Body() body: CustomerUserRevokeBody) {
    return this.users.setRevoked(
      user,
      body.customerUser.toLowerCase(),
      toBoolean(body.revoke)!,
      this.clock.nowIso(),
    );
  }

  @Put(':id/notification-preferences')
  @ApiAnswer(200, "The customer's users as saved", CUSTOMER_USERS_ANSWER)
  notifications(
    @CurrentUser() user: AuthUser,
    @Param('id', notFound()) customerId: string,
    @Body() body: NotificationPreferencesBody,
  ) {
    const flag = (value: unknown) => (value === undefined ? undefined : toBoolean(value));
    return this.users.setNotifications(
      user.companyId,
      customerId,
      { app: flag(body.app), email: flag(body.email), sms: flag(body.sms) },
      this.clock.nowIso(),
    );
  }
}
