import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString } from 'class-validator';
import type * as Contract from '#domain/contracts/route.contract.js';
import {
  instantProblem,
  MAX_STOPS,
  ROUTE_MESSAGES,
  routeDateProblem,
  routeNameProblem,
  skipNoteProblem,
  truckProblem,
} from '#domain/routes/route.rules.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const DRIVER = 'Choose a driver of your company.';
const driverRule = (value: unknown) =>
  value === undefined || value === null || value === '' || isUuid(value) ? undefined : DRIVER;
const idsRule = (what: string) => (value: unknown) =>
  value === undefined || (Array.isArray(value) && value.every(isUuid))
    ? undefined
    : `${what} must be a list of ids.`;

/** POST /routes. An `Idempotency-Key` header makes a retried submit plan one route. */
export class CreateRouteBody implements Contract.CreateRouteBody {
  @ApiProperty({ example: '2026-12-02', description: 'Business date of delivery' })
  @FollowsRule(routeDateProblem)
  date!: string;

  @ApiProperty({ example: 'North', maxLength: 60 })
  @Transform(trim)
  @FollowsRule(routeNameProblem)
  name!: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'A user of the company with the role driver',
  })
  @FollowsRule(driverRule)
  driver_id?: string | null;

  @ApiPropertyOptional({ example: 'Truck 2', maxLength: 40 })
  @Transform(trim)
  @FollowsRule(truckProblem)
  truck?: string;
}

/** PUT /route/{id}: the fields sent change, the others stay. */
export class UpdateRouteBody implements Contract.UpdateRouteBody {
  @ApiPropertyOptional({ example: 'North' })
  @Transform(trim)
  @FollowsRule((value) => (value === undefined ? undefined : routeNameProblem(value)))
  name?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'null: no driver' })
  @FollowsRule(driverRule)
  driver_id?: string | null;

  @ApiPropertyOptional({ example: 'Truck 5' })
  @Transform(trim)
  @FollowsRule(truckProblem)
  truck?: string;
}

/** POST /route/{id}/stops. */
export class AddStopsBody implements Contract.AddStopsBody {
  @ApiPropertyOptional({ type: [String] })
  @FollowsRule(idsRule('invoice_ids'))
  @FollowsRule((_value, body) =>
    (Array.isArray(body.invoice_ids) ? body.invoice_ids.length : 0) +
      (Array.isArray(body.order_ids) ? body.order_ids.length : 0) >
    0
      ? undefined
      : ROUTE_MESSAGES.stops,
  )
  invoice_ids?: string[];

  @ApiPropertyOptional({ type: [String] })
  @FollowsRule(idsRule('order_ids'))
  order_ids?: string[];
}

/** PUT /route/{id}/stops/order. */
export class ReorderStopsBody implements Contract.ReorderStopsBody {
  @ApiProperty({ type: [String], description: 'Every stop of the route once, in the new order' })
  @ArrayMaxSize(MAX_STOPS)
  @IsString({ each: true, message: 'Send every stop of the route once, in the new order.' })
  @IsArray({ message: 'Send every stop of the route once, in the new order.' })
  stop_ids!: string[];
}

/** POST /route/{id}/stop/{stopId}/skip. */
export class SkipStopBody implements Contract.SkipStopBody {
  @ApiProperty({ example: 'Closed on arrival' })
  @FollowsRule(skipNoteProblem)
  note!: string;

  @ApiProperty({ example: '2026-12-02T15:04:00.000Z', description: "The device's clock" })
  @FollowsRule(instantProblem)
  skipped_at!: string;
}

/** ?date=yyyy-MM-dd (the company's today when left out). */
export class RouteDateParams {
  @ApiPropertyOptional({ example: '2026-12-02' })
  @IsOptional()
  @FollowsRule((value) => (value === undefined || value === '' ? undefined : routeDateProblem(value)))
  date?: string;
}
