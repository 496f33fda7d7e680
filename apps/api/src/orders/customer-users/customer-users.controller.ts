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
import { CustomerUsersService } from './customer-users.service.js';

const notFound = () => new ParseUUIDPipe({ errorHttpStatusCode: 404 });
const now = () => new Date().toISOString();

/** Spec 000 §7 customer-user calls (order feature): lists, invitation, permission, revoke, notifications. */
@ApiTags('customer')
@ApiBearerAuth()
@RequiresFeature('order')
@Controller('customer')
export class CustomerUsersController {
  constructor(@Inject(CustomerUsersService) private readonly users: CustomerUsersService) {}

  @Get('all-users')
  all(@CurrentUser() user: AuthUser) {
    return this.users.list(user.companyId);
  }

  @Get(':customerId/user')
  ofCustomer(@CurrentUser() user: AuthUser, @Param('customerId', notFound()) customerId: string) {
    return this.users.list(user.companyId, customerId);
  }

  @Post('user-invitation')
  invite(@CurrentUser() user: AuthUser, @Body() body: InviteCustomerUserBody) {
    return this.users.invite(user, body.values, body.customer.toLowerCase(), now());
  }

  @Put('user-permission')
  permission(@CurrentUser() user: AuthUser, @Body() body: CustomerUserPermissionBody) {
    return this.users.setPermission(
      user,
      body.customerUser.toLowerCase(),
      toBoolean(body.permission)!,
      now(),
    );
  }

  @Put('user-invitation-revoke')
  revoke(@CurrentUser() user: AuthUser, @Body() body: CustomerUserRevokeBody) {
    return this.users.setRevoked(user, body.customerUser.toLowerCase(), toBoolean(body.revoke)!, now());
  }

  @Put(':id/notification-preferences')
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
      now(),
    );
  }
}
