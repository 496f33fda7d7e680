import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { AcceptInvitationBody, INVITATION_INVALID } from './dto/staff.bodies.js';
import { StaffService } from './staff.service.js';
import { INVITATION_ACCEPTED_ANSWER, INVITATION_LOOKUP_ANSWER } from './staff.answers.js';
import { Clock } from '../infra/clock.js';

/** The invitee's side (public: they have no account yet): `/auth/signup?invitation=<token>` calls these. */
@ApiTags('auth')
@Controller('auth/invitation')
export class InvitationController {
  constructor(
    @Inject(StaffService) private readonly staff: StaffService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** `{ email, name, company_name }` to pre-fill the sign-up form; 400 when the link is used, revoked or expired. */
  @Public()
  @Get()
  @ApiAnswer(200, 'Who is invited, and to which company', INVITATION_LOOKUP_ANSWER)
  lookup(@Query('token') token: unknown) {
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) {
      throw new BadRequestException({ statusCode: 400, message: INVITATION_INVALID });
    }
    return this.staff.lookup(token);
  }

  /** Creates the staff user with the invitation's e-mail and signs in: `{ access_token, user }`. */
  @Public()
  @Post('accept')
  @HttpCode(201)
  @ApiAnswer(201, 'The staff user is created and signed in', INVITATION_ACCEPTED_ANSWER)
  accept(@Body() body: AcceptInvitationBody, @Req() request: FastifyRequest) {
    return this.staff.accept(body, {
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
      now: this.clock.nowIso(),
    });
  }
}
