import type * as Contract from '#domain/contracts/order.contract.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { MAX_ORDER_ITEMS, MAX_ORDER_NOTE_LENGTH } from '#domain/orders/order.decide.js';
import { MAX_QTY } from '#domain/invoices/invoice.rules.js';
import { isEmail, toBoolean } from '#domain/shared/field-rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';
import { INVITE_EMAIL, INVITE_NAME } from '../../staff/dto/staff.bodies.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const QTY_MESSAGE = `Quantity must be a whole number between 1 and ${MAX_QTY}.`;
const NOTE_MESSAGE = `Note must be at most ${MAX_ORDER_NOTE_LENGTH} characters.`;
const booleanRule = (label: string) => (value: unknown) =>
  value === undefined || toBoolean(value) !== undefined ? undefined : `${label} must be true or false.`;

/** The client's specification: name 3–40, a valid e-mail, tabc_id optional. */
export class InvitationValues {
  @ApiProperty({ example: 'Rosa Diaz', minLength: 3, maxLength: 40 })
  @Transform(trim)
  @FollowsRule((value) =>
    typeof value === 'string' && value.length >= 3 && value.length <= 40 ? undefined : INVITE_NAME,
  )
  name!: string;

  @ApiProperty({ example: 'buyer@gulfcoastoysterbar.com' })
  @Transform(trim)
  @FollowsRule((value) => (isEmail(value) ? undefined : INVITE_EMAIL))
  email!: string;

  @ApiPropertyOptional({ example: 'MB567890', type: String, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(40)
  tabc_id?: string | null;
}

/** POST /customer/user-invitation. */
export class InviteCustomerUserBody implements Contract.InviteCustomerUserBody {
  @ApiProperty({ type: InvitationValues })
  @ValidateNested()
  @Type(() => InvitationValues)
  values!: InvitationValues;

  @ApiProperty({ example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698', description: 'the customer id' })
  @IsUUID('all', { message: 'Customer Not Found' })
  customer!: string;
}

/** PUT /customer/user-permission: enable (true) or disable (false). */
export class CustomerUserPermissionBody {
  @ApiProperty({ type: Boolean })
  @FollowsRule(booleanRule('Permission'))
  permission!: boolean | number;

  @ApiProperty({ example: '3e7a1c52-9b4d-4f0e-8a6c-1d2b3c4e5f60', description: 'the customer user id' })
  @IsUUID('all', { message: 'Customer user not found' })
  customerUser!: string;
}

/** PUT /customer/user-invitation-revoke: revoke (true) or re-activate (false). */
export class CustomerUserRevokeBody {
  @ApiProperty({ type: Boolean })
  @FollowsRule(booleanRule('Revoke'))
  revoke!: boolean | number;

  @ApiProperty({ example: '3e7a1c52-9b4d-4f0e-8a6c-1d2b3c4e5f60', description: 'the customer user id' })
  @IsUUID('all', { message: 'Customer user not found' })
  customerUser!: string;
}

/** PUT /customer/{id}/notification-preferences. */
export class NotificationPreferencesBody {
  @ApiPropertyOptional({ type: Boolean })
  @FollowsRule(booleanRule('App'))
  app?: boolean | number;

  @ApiPropertyOptional({ example: true, type: Boolean })
  @FollowsRule(booleanRule('Email'))
  email?: boolean | number;

  @ApiPropertyOptional({ type: Boolean })
  @FollowsRule(booleanRule('SMS'))
  sms?: boolean | number;
}

export class ShopSignInBody {
  @ApiProperty({ example: 'buyer@gulfcoastoysterbar.com' })
  @Transform(trim)
  @MaxLength(254)
  @IsString({ message: 'Please insert a valid email address' })
  @IsNotEmpty({ message: 'Please insert a valid email address' })
  email!: string;

  @ApiProperty({ example: 'correct-horse-7' })
  @MaxLength(200)
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password!: string;
}

export class AcceptCustomerInvitationBody {
  @ApiProperty({ example: 'q3F0d6Yl2m9Zk1wPz8V4cA7bN5xR0tHs' })
  @MaxLength(200)
  @IsString({ message: 'This invitation link is invalid or has expired.' })
  @IsNotEmpty({ message: 'This invitation link is invalid or has expired.' })
  token!: string;

  @ApiProperty({ example: 'correct-horse-7', minLength: 5 })
  @MaxLength(200)
  @MinLength(5, { message: 'Password must be at least 5 characters' })
  @IsString({ message: 'Password must be at least 5 characters' })
  password!: string;
}

export class PlaceOrderItemBody {
  @ApiProperty({ example: '8674697a-0a9b-475e-8a6d-ed49f8ef598d' })
  @IsUUID('all', { message: 'Product not found' })
  product_id!: string;

  @ApiProperty({ example: 6, minimum: 1, maximum: MAX_QTY })
  @Max(MAX_QTY, { message: QTY_MESSAGE })
  @Min(1, { message: QTY_MESSAGE })
  @IsInt({ message: QTY_MESSAGE })
  qty!: number;
}

/** POST /shop/order. */
export class PlaceOrderBody implements Contract.PlaceOrderBody {
  @ApiProperty({ type: [PlaceOrderItemBody] })
  @ArrayMaxSize(MAX_ORDER_ITEMS, { message: `An order can have at most ${MAX_ORDER_ITEMS} items.` })
  @IsArray({ message: 'Add at least one item.' })
  @ValidateNested({ each: true })
  @Type(() => PlaceOrderItemBody)
  items!: PlaceOrderItemBody[];

  @ApiPropertyOptional({ example: 'Left at the back door' })
  @IsOptional()
  @MaxLength(MAX_ORDER_NOTE_LENGTH, { message: NOTE_MESSAGE })
  @IsString()
  note?: string;
}

/** POST /shop/order/draft, PUT /shop/order/draft/{id}: the cart saved as a draft. */
export class SaveOrderDraftBody extends PlaceOrderBody implements Contract.SaveOrderDraftBody {}

/** POST /shop/order/draft/{id}/place: the draft as saved, or (items, note) the cart it was opened into. */
export class PlaceOrderDraftBody implements Contract.PlaceOrderDraftBody {
  @ApiPropertyOptional({ type: [PlaceOrderItemBody], description: 'replaces the draft’s items when given' })
  @IsOptional()
  @ArrayMaxSize(MAX_ORDER_ITEMS, { message: `An order can have at most ${MAX_ORDER_ITEMS} items.` })
  @IsArray({ message: 'Add at least one item.' })
  @ValidateNested({ each: true })
  @Type(() => PlaceOrderItemBody)
  items?: PlaceOrderItemBody[];

  @ApiPropertyOptional({
    example: 'Left at the back door',
    description: 'replaces the draft’s note when given',
  })
  @IsOptional()
  @MaxLength(MAX_ORDER_NOTE_LENGTH, { message: NOTE_MESSAGE })
  @IsString()
  note?: string;
}

/** PUT /order/{id}. */
export class UpdateOrderBody implements Contract.UpdateOrderBody {
  @ApiPropertyOptional({ enum: ['cancelled', 'rejected', 'delivered'] })
  @IsOptional()
  @IsIn(['cancelled', 'rejected', 'delivered'], {
    message: 'Status must be cancelled, rejected or delivered.',
  })
  status?: 'cancelled' | 'rejected' | 'delivered';

  @ApiPropertyOptional({ example: 'Left at the back door' })
  @IsOptional()
  @MaxLength(MAX_ORDER_NOTE_LENGTH, { message: NOTE_MESSAGE })
  @IsString({ message: 'Note must be text.' })
  note?: string;
}

/** PUT /order/{id}/item/{line}. */
export class ReviewOrderItemBody implements Contract.ReviewOrderItemBody {
  @ApiProperty({ enum: ['reject', 'price', 'qty'] })
  @IsIn(['reject', 'price', 'qty'], { message: 'Action must be reject, price or qty.' })
  action!: 'reject' | 'price' | 'qty';

  @ApiPropertyOptional({ example: 24.99, oneOf: [{ type: 'number' }, { type: 'string' }] })
  @IsOptional()
  price?: number | string;

  @ApiPropertyOptional({ example: 6 })
  @IsOptional()
  @Max(MAX_QTY, { message: QTY_MESSAGE })
  @Min(1, { message: QTY_MESSAGE })
  @IsInt({ message: QTY_MESSAGE })
  qty?: number;

  @ApiPropertyOptional({ example: 'Left at the back door' })
  @IsOptional()
  @MaxLength(MAX_ORDER_NOTE_LENGTH, { message: NOTE_MESSAGE })
  @IsString({ message: 'Note must be text.' })
  note?: string;
}
