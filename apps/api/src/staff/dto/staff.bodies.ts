import type * as Contract from '#domain/contracts/staff.contract.js';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { isEmail, toBoolean } from '#domain/shared/field-rules.js';
import { SignUpBody } from '../../auth/dto/auth.bodies.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

/** The client's specification: the same messages as the customer-user invitation form. */
export const INVITE_NAME = 'User name is required !';
export const INVITE_EMAIL = "Email can't be an empty field !";
export const INVITATION_INVALID = 'This invitation link is invalid or has expired.';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /company/staff/invitation. */
export class InviteStaffBody implements Contract.InviteStaffBody {
  @ApiProperty({ minLength: 3, maxLength: 40, example: 'Sam Staff' })
  @Transform(trim)
  @FollowsRule((value) =>
    typeof value === 'string' && value.length >= 3 && value.length <= 40 ? undefined : INVITE_NAME,
  )
  name!: string;

  @ApiProperty({ example: 'sam@example.test' })
  @Transform(trim)
  @FollowsRule((value) => (isEmail(value) ? undefined : INVITE_EMAIL))
  email!: string;
}

export const STAFF_ROLE = "Role must be 'staff' or 'driver'.";

/** PUT /company/staff/{id}: disabled, role, or both. */
export class UpdateStaffBody {
  @ApiPropertyOptional({
    type: Boolean,
    description: 'true disables the user (their sessions end at once); false enables',
  })
  @FollowsRule((value, body) =>
    value === undefined && body.role !== undefined
      ? undefined
      : toBoolean(value) === undefined
        ? 'Disabled must be true or false.'
        : undefined,
  )
  disabled?: boolean | number;

  @ApiPropertyOptional({ enum: ['staff', 'driver'], description: 'A driver uses only the driver app' })
  @FollowsRule((value) =>
    value === undefined || value === 'staff' || value === 'driver' ? undefined : STAFF_ROLE,
  )
  role?: 'staff' | 'driver';
}

/** POST /auth/invitation/accept: the sign-up form without e-mail (the invitation's), plus the link's token. */
export class AcceptInvitationBody extends OmitType(SignUpBody, ['email'] as const) {
  @ApiProperty({ example: 'q3F0d6Yl2m9Zk1wPz8V4cA7bN5xR0tHs' })
  @MaxLength(200)
  @IsString({ message: INVITATION_INVALID })
  @IsNotEmpty({ message: INVITATION_INVALID })
  token!: string;
}
