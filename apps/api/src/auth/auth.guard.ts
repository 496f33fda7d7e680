import {
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthService } from './auth.service.js';
import { DRIVER_MAY, IS_PUBLIC, OWNER_ONLY } from './public.decorator.js';

/**
 * Global guard: a valid, unexpired, unrevoked bearer token of an enabled user, or 401. A route marked owner-only
 * answers 403 to anyone else; a driver may call only the routes marked for drivers, every other answers 403.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | undefined>; user?: unknown }>();
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const user = match ? await this.auth.authenticate(match[1]!) : null;
    if (!user) throw new UnauthorizedException({ statusCode: 401, message: 'Please log back in.' });
    request.user = user;
    if (this.reflector.getAllAndOverride<boolean>(OWNER_ONLY, targets) && user.role !== 'owner') {
      throw new ForbiddenException({ statusCode: 403, message: 'Only the company owner can do this.' });
    }
    if (user.role === 'driver' && !this.reflector.getAllAndOverride<boolean>(DRIVER_MAY, targets)) {
      throw new ForbiddenException({ statusCode: 403, message: "A driver can use only the driver's app." });
    }
    return true;
  }
}
