import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AuthService } from './auth.service.js';
import type { AuthUser } from './auth.types.js';
import { ApiAnswer, ApiNoAnswer } from '../infra/http/api-answer.js';
import {
  PASSWORD_RESET_EXAMPLE,
  RESET_SENT_EXAMPLE,
  SESSION_EXAMPLE,
  USER_EXAMPLE,
} from './auth.examples.js';
import {
  ChangePasswordBody,
  LoginTokenBody,
  ResetRequestBody,
  SignInBody,
  SignUpBody,
  UpdateProfileBody,
} from './dto/auth.bodies.js';
import { CurrentUser, DriverMay, Public } from './public.decorator.js';
import { Clock } from '../infra/clock.js';

const client = (request: FastifyRequest, clock: Clock) => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  now: clock.nowIso(),
});

/** The client's specification's "Auth and user". */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Public()
  @Post('auth/signup')
  @ApiAnswer(201, 'Signed up: a new company with this user as its owner, signed in', SESSION_EXAMPLE)
  signUp(@Body() body: SignUpBody, @Req() request: FastifyRequest) {
    return this.auth.signUp(body, client(request, this.clock));
  }

  @Public()
  @Post('auth/signin')
  @HttpCode(200)
  @ApiAnswer(
    200,
    'Signed in: send `Authorization: Bearer <access_token>` with every other call',
    SESSION_EXAMPLE,
  )
  signIn(@Body() body: SignInBody, @Req() request: FastifyRequest) {
    return this.auth.signIn(body, client(request, this.clock));
  }

  @Public()
  @Post('auth/login-token')
  @HttpCode(200)
  @ApiAnswer(200, 'Signed in by a single-use sign-in link', SESSION_EXAMPLE)
  loginToken(@Body() body: LoginTokenBody, @Req() request: FastifyRequest) {
    return this.auth.signInWithLoginToken(body.login_token, client(request, this.clock));
  }

  @Public()
  @Post('auth/reset-request')
  @HttpCode(200)
  @ApiAnswer(200, 'The same answer whether or not the address has an account', RESET_SENT_EXAMPLE)
  async resetRequest(@Body() body: ResetRequestBody, @Req() request: FastifyRequest) {
    await this.auth.requestPasswordReset(body.email, client(request, this.clock));
    return {
      message: 'Email has been sent to your inbox. The password reset link will be expired after 23 hours.',
    };
  }

  @Public()
  @Put('auth/password')
  @ApiAnswer(200, 'The new password is set; the reset link is spent', PASSWORD_RESET_EXAMPLE)
  async changePassword(@Body() body: ChangePasswordBody, @Req() request: FastifyRequest) {
    await this.auth.resetPassword(body.token, body.password, client(request, this.clock));
    return { message: 'Password reset successfully.' };
  }

  @ApiBearerAuth()
  @DriverMay()
  @Post('auth/signout')
  @HttpCode(204)
  @ApiNoAnswer('Signed out: the token is revoked')
  async signOut(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    await this.auth.signOut(user, client(request, this.clock));
  }

  @ApiBearerAuth()
  @DriverMay()
  @Get('validate_token')
  @ApiAnswer(200, 'The signed-in user', USER_EXAMPLE)
  validateToken(@CurrentUser() user: AuthUser) {
    return this.auth.userResponse(user.id);
  }

  @ApiBearerAuth()
  @DriverMay()
  @Put('user')
  @ApiAnswer(200, 'The user with the profile saved', USER_EXAMPLE)
  updateProfile(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateProfileBody,
    @Req() request: FastifyRequest,
  ) {
    return this.auth.updateProfile(user, body, client(request, this.clock));
  }
}
