import { Clock } from '../../infra/clock.js';
import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Inject,
  Param,
  Post,
  type PipeTransform,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { StampStatusSettingsResponse } from '#domain/contracts/stamp.contract.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import {
  STAMP_REPLACEMENT_RECORDED_ANSWER,
  STAMP_STATUS_RECORDED_ANSWER,
  STAMP_STATUS_SETTINGS_ANSWER,
} from './stamp-status.answers.js';
import { RecordStampReplacementBody, RecordStampStatusBody } from './stamp-status.bodies.js';
import { RecordStampReplacementCommand, RecordStampStatusCommand } from './stamp-status.commands.js';
import { StampStatusSettingsReader } from './queries/stamp-status-settings.reader.js';

/** `roll_id` of the path: a whole number of 1 or more, else a 400 naming the field. */
class RollIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1)) {
      const message = 'roll_id must be at least 1.';
      throw new BadRequestException({ statusCode: 400, message, details: [{ field: 'roll_id', message }] });
    }
    return id;
  }
}

const metadataOf = (user: AuthUser, clock: Clock) => ({
  companyId: user.companyId,
  userId: user.id,
  now: clock.nowIso(),
});

/**
 * Stamp statuses beyond destroyed, with the company setting `extended_stamp_statuses`: stamps in stock
 * recorded lost, stolen, voided or returned to the state, and replacements. Any user of the company; while the
 * setting is off both commands answer 403 and nothing is recorded.
 */
@ApiTags('stamp')
@ApiBearerAuth()
@Controller('stamp')
export class StampStatusController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(StampStatusSettingsReader) private readonly statusSettings: StampStatusSettingsReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('status-settings')
  @ApiAnswer(
    200,
    'Whether the company records lost, stolen, voided and returned stamps',
    STAMP_STATUS_SETTINGS_ANSWER,
  )
  settings(@CurrentUser() user: AuthUser): Promise<StampStatusSettingsResponse> {
    return this.statusSettings.read(user.companyId);
  }

  @Post('roll/:roll_id/status')
  @ApiAnswer(201, 'The status record (and the replacement, when one was given)', STAMP_STATUS_RECORDED_ANSWER)
  recordStatus(
    @CurrentUser() user: AuthUser,
    @Param('roll_id', new RollIdPipe()) rollId: number,
    @Body() body: RecordStampStatusBody,
  ) {
    const replacement =
      body.replacement_number === undefined || body.replacement_number === null
        ? null
        : { prefix: body.replacement_prefix ?? null, number: body.replacement_number };
    return this.commands.execute(
      new RecordStampStatusCommand(metadataOf(user, this.clock), user.name, {
        rollId,
        from: body.from,
        to: body.to,
        status: body.status,
        note: body.note,
        replacement,
      }),
    );
  }

  @Post('replacement')
  @ApiAnswer(201, 'The replacement recorded', STAMP_REPLACEMENT_RECORDED_ANSWER)
  recordReplacement(@CurrentUser() user: AuthUser, @Body() body: RecordStampReplacementBody) {
    return this.commands.execute(
      new RecordStampReplacementCommand(metadataOf(user, this.clock), user.name, {
        original: { prefix: body.prefix ?? '', number: body.number },
        replacement: { prefix: body.replacement_prefix ?? null, number: body.replacement_number },
        note: body.note ?? null,
      }),
    );
  }
}
