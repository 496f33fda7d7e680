import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { toBoolean } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, OwnerOnly } from '../auth/public.decorator.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import { InviteStaffBody, UpdateStaffBody } from './dto/staff.bodies.js';
import { INVITATION_NOT_FOUND, STAFF_NOT_FOUND, StaffService } from './staff.service.js';
import { ApiAnswer, ApiNoAnswer } from '../infra/http/api-answer.js';
import { COMPANY_STAFF_ANSWER, STAFF_INVITATION_ANSWER, STAFF_USER_ANSWER } from './staff.answers.js';
import { Clock } from '../infra/clock.js';

/** The company's users and pending invitations. Any user may look; only the owner invites and disables. */
@ApiTags('staff')
@ApiBearerAuth()
@Controller('company/staff')
export class StaffController {
  constructor(
    @Inject(StaffService) private readonly staff: StaffService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** `{ users, invitations }`: every user of the company (owner first) and the invitations not yet used. */
  @Get()
  @ApiAnswer(
    200,
    '`{ users, invitations }`: every user of the company (owner first) and the invitations not yet used.',
    COMPANY_STAFF_ANSWER,
  )
  list(@CurrentUser() user: AuthUser) {
    return this.staff.list(user.companyId);
  }

  /** E-mails the invitee a sign-up link (valid 7 days) and answers the invitation with the link. */
  @OwnerOnly()
  @Post('invitation')
  @ApiAnswer(201, 'The invitation sent (valid 7 days)', STAFF_INVITATION_ANSWER)
  invite(@CurrentUser() user: AuthUser, @Body() body: InviteStaffBody) {
    return this.staff.invite(user, body, this.clock.nowIso());
  }

  @OwnerOnly()
  @Delete('invitation/:id')
  @ApiNoAnswer('The invitation is revoked')
  @HttpCode(204)
  async revoke(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(INVITATION_NOT_FOUND)) id: string) {
    await this.staff.revokeInvitation(user, id, this.clock.nowIso());
  }

  /**
   * `{ disabled: true }` disables a staff user (their tokens stop working at once); false enables them again.
   * `{ role: 'driver' }` makes a staff user a driver (only the driver's app), `'staff'` back.
   */
  @OwnerOnly()
  @Put(':id')
  @ApiAnswer(200, 'The user as saved', STAFF_USER_ANSWER)
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(STAFF_NOT_FOUND)) id: string,
    @Body() body: UpdateStaffBody,
  ) {
    const now = this.clock.nowIso();
    let saved = body.role === undefined ? undefined : await this.staff.setRole(user, id, body.role, now);
    if (body.disabled !== undefined)
      saved = await this.staff.setDisabled(user, id, toBoolean(body.disabled)!, now);
    return saved;
  }
}
