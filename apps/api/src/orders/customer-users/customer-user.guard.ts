import {
  applyDecorators,
  createParamDecorator,
  Inject,
  Injectable,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Public } from '../../auth/public.decorator.js';
import type { CustomerUserPrincipal } from './customer-user.types.js';
import { CustomerUsersService } from './customer-users.service.js';

/**
 * The ordering app's guard: a live session of an enabled, unrevoked customer user whose customer exists and whose
 * distributor has the order feature on, or 401. Company users' tokens are not customer-user sessions, and
 * customer users' tokens are not sessions of the back office (the global AuthGuard), so neither opens the other.
 */
@Injectable()
export class CustomerUserGuard implements CanActivate {
  constructor(@Inject(CustomerUsersService) private readonly users: CustomerUsersService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | undefined>; customerUser?: unknown }>();
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const user = match ? await this.users.authenticate(match[1]!) : null;
    if (!user) throw new UnauthorizedException({ statusCode: 401, message: 'Please log back in.' });
    request.customerUser = user;
    return true;
  }
}

/** Routes of the ordering app: not a back-office session, a customer user's. */
export const ForCustomerUsers = () => applyDecorators(Public(), UseGuards(CustomerUserGuard));

export const CurrentCustomerUser = createParamDecorator(
  (_: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<{ customerUser: CustomerUserPrincipal & { tokenHash: Buffer } }>()
      .customerUser,
);
