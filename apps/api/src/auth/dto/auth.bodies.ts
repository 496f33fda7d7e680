import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  Validate,
  ValidateIf,
  ValidatorConstraint,
} from 'class-validator';
import type { ValidationArguments, ValidatorConstraintInterface } from 'class-validator';

// Messages are the spec's (as the client's specification asks). class-validator runs a property's decorators bottom-up and stops at the first
// failure, so the emptiness check sits closest to the property.
const EMAIL_EMPTY = "Email can't be an empty field";
const PASSWORD_EMPTY = "Password can't be an empty field";
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

@ValidatorConstraint({ name: 'matchesPassword' })
class MatchesPassword implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return value === (args.object as { password?: unknown }).password;
  }
}

class EmailField {
  @ApiProperty({ example: 'owner@lonestar-distributing.com', maxLength: 254 })
  @Transform(trim)
  @MaxLength(254)
  @IsEmail({ require_tld: false }, { message: 'Please insert a valid email address' })
  @IsString({ message: EMAIL_EMPTY })
  @IsNotEmpty({ message: EMAIL_EMPTY })
  email!: string;
}

/**
 * Sign-in checks only that a password was typed: the sign-in form asks for 5 characters, but the profile form
 * allows 4 (as the client's specification asks), and a user who chose 4 there must still be able to sign in.
 */
export class SignInBody extends EmailField {
  @ApiProperty({ example: 'correct-horse-7', maxLength: 200 })
  @MaxLength(200)
  @IsString({ message: PASSWORD_EMPTY })
  @IsNotEmpty({ message: PASSWORD_EMPTY })
  password!: string;
}

export class SignUpBody extends EmailField {
  @ApiProperty({ example: 'correct-horse-7', minLength: 5, maxLength: 200 })
  @MaxLength(200)
  @MinLength(5, { message: 'Password must be at least 5 characters' })
  @IsString({ message: PASSWORD_EMPTY })
  @IsNotEmpty({ message: PASSWORD_EMPTY })
  password!: string;

  @ApiProperty({ example: 'Rosa Diaz', maxLength: 120 })
  @Transform(trim)
  @MaxLength(120)
  @IsString()
  @IsNotEmpty({ message: "Full name can't be an empty field" })
  name!: string;

  @ApiProperty({ example: 'Owner', maxLength: 120 })
  @Transform(trim)
  @MaxLength(120)
  @IsString()
  @IsNotEmpty({ message: "Title can't be an empty field" })
  title!: string;

  @ApiProperty({ example: 'correct-horse-7', description: 'The password again' })
  @Validate(MatchesPassword, { message: 'Passwords do not match' })
  @IsString({ message: 'Passwords do not match' })
  @IsNotEmpty({ message: 'Passwords do not match' })
  confirm_password!: string;
}

export class ResetRequestBody {
  @ApiProperty({ example: 'owner@lonestar-distributing.com', maxLength: 254 })
  @Transform(trim)
  @MaxLength(254)
  @IsEmail({ require_tld: false }, { message: 'Please insert a valid email address' })
  @IsString({ message: 'Please insert a valid email address' })
  @IsNotEmpty({ message: 'Please insert a valid email address' })
  email!: string;
}

export class ChangePasswordBody {
  @ApiProperty({
    example: 'q3F0d6Yl2m9Zk1wPz8V4cA7bN5xR0tHs',
    description: 'The reset-token query value of the e-mailed link',
  })
  @MaxLength(200)
  @IsString()
  @IsNotEmpty({ message: 'This password reset link is invalid or has expired.' })
  token!: string;

  @ApiProperty({ example: 'correct-horse-8', minLength: 5, maxLength: 200 })
  @MaxLength(200)
  @MinLength(5, { message: 'Please input a strong password' })
  @IsString({ message: 'Please input a strong password' })
  @IsNotEmpty({ message: 'Please input a strong password' })
  password!: string;
}

export class LoginTokenBody {
  @ApiProperty({
    example: 'H7k2pQ9sV1xL4mN8rT0wY3zB6cF5gJ2d',
    description: 'The login_token query value of a sign-in link (`npm run login-link`)',
  })
  @MaxLength(200)
  @IsString()
  @IsNotEmpty({ message: 'This sign-in link is invalid or has expired.' })
  login_token!: string;
}

export class UpdateProfileBody {
  @ApiProperty({ example: 'Rosa Diaz', minLength: 3, maxLength: 120 })
  @Transform(trim)
  @MaxLength(120)
  @MinLength(3, { message: 'Name must be at least 3 characters' })
  @IsString({ message: 'Name must be at least 3 characters' })
  name!: string;

  @ApiPropertyOptional({
    type: String,
    example: 'new-pass-9',
    minLength: 4,
    maxLength: 200,
    nullable: true,
    description: 'A new password; absent, empty or null keeps the current one',
  })
  @MaxLength(200)
  @MinLength(4, { message: 'Password must be at least 4 characters' })
  @IsString({ message: 'Password must be at least 4 characters' })
  @ValidateIf((_, value) => value !== '' && value !== null)
  @IsOptional()
  password?: string | null;
}
