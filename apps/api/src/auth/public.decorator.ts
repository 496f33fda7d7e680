import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './auth.types.js';

export const IS_PUBLIC = 'stampline:public';
/** Marks a route that needs no bearer token. Every other route does. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const OWNER_ONLY = 'stampline:owner-only';
/** Marks a route only the company's owner may call (as the client's specification asks). */
export const OwnerOnly = () => SetMetadata(OWNER_ONLY, true);

export const DRIVER_MAY = 'stampline:driver-may';
/**
 * Marks a route a driver may call: the driver's download, a stop's skip and delivery, signing out, their profile.
 * A driver gets 403 from every other route (the auth guard holds the rule).
 */
export const DriverMay = () => SetMetadata(DRIVER_MAY, true);

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);

export const ClientIp = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<{ ip?: string }>().ip ?? null,
);
