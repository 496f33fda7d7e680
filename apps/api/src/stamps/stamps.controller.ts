import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  StreamableFile,
  type PipeTransform,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { GridParams } from '#infra/grid/index.js';
import { AssignStampsCommand } from './commands/assign-stamps.command.js';
import { ChangeStampRollActiveCommand } from './commands/change-stamp-roll-active.command.js';
import { DestroyStampsCommand } from './commands/destroy-stamps.command.js';
import { ReceiveStampRollCommand } from './commands/receive-stamp-roll.command.js';
import { UndoDestroyStampsCommand } from './commands/undo-destroy-stamps.command.js';
import {
  AssignStampsBody,
  CheckStampRangeBody,
  CreateStampRollBody,
  DestroyStampsBody,
  UpdateStampRollBody,
} from './dto/stamp.bodies.js';
import {
  StampAllocationParams,
  StampAsOfParams,
  StampDownloadParams,
  StampHistoryParams,
  UndoDestroyParams,
} from './dto/stamp.params.js';
import { DestroyedStampsQuery } from './queries/destroyed-stamps.query.js';
import { bottleNeeds, StampAllocationPreviewQuery } from './queries/stamp-allocation-preview.query.js';
import { StampHistoryQuery } from './queries/stamp-history.query.js';
import { StampLedgerAsOfQuery } from './queries/stamp-ledger-as-of.query.js';
import { StampLogCsvQuery } from './queries/stamp-log-csv.query.js';
import { StampLogGridQuery } from './queries/stamp-log-grid.query.js';
import { StampRangeCheckQuery } from './queries/stamp-range-check.query.js';
import { StampRemainingQuery } from './queries/stamp-remaining.query.js';
import { StampRollsQuery } from './queries/stamp-rolls.query.js';
import { CompanyTimeZones, fileDate } from '../infra/company-time.js';
import { stampLedgerCsv } from './replay/stamp-ledger-replay.js';
import { ApiAnswer, ApiFileAnswer } from '../infra/http/api-answer.js';
import { STAMP_ROLL_EXAMPLE, STAMP_ROLL_LISTED_EXAMPLE } from './stamp.examples.js';
import {
  INVOICE_STAMP_GRID_ANSWER,
  STAMP_ALLOCATION_ANSWER,
  STAMP_ASSIGNMENT_ANSWER,
  STAMP_AS_OF_ANSWER,
  STAMP_DESTROYED_ANSWER,
  STAMP_DESTROY_ANSWER,
  STAMP_HISTORY_ANSWER,
  STAMP_RANGE_CHECK_ANSWER,
  STAMP_REMAINING_ANSWER,
  STAMP_ROLL_CHANGED_ANSWER,
  STAMP_UNDO_DESTROY_ANSWER,
} from './stamps.answers.js';
import { Clock } from '../infra/clock.js';

/** `roll_id` / `id` of the path: a whole number of 1 or more (as the client's specification asks), else a 400 naming the field. */
class RollIdPipe implements PipeTransform<string, number> {
  constructor(private readonly field: string) {}

  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1)) {
      const message = `${this.field} must be at least 1.`;
      throw new BadRequestException({ statusCode: 400, message, details: [{ field: this.field, message }] });
    }
    return id;
  }
}

const metadataOf = (user: AuthUser, clock: Clock): CommandMetadata => ({
  companyId: user.companyId,
  userId: user.id,
  now: clock.nowIso(),
});

/** `null` passes @IsOptional() as absent does. */
const ranges = (list?: { roll_id: number; from: number; to: number }[] | null) =>
  (list ?? []).map(({ roll_id, from, to }) => ({ rollId: roll_id, from, to }));

/** The client's specification's "Stamps", and the calls adds: destroy, history, as-of replay, builder checks. */
@ApiTags('stamp')
@ApiBearerAuth()
@Controller()
export class StampsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CompanyTimeZones) private readonly zones: CompanyTimeZones,
  ) {}

  @Get('stamp/remaining')
  @ApiAnswer(200, 'Stamps left in the active rolls and the first available', STAMP_REMAINING_ANSWER)
  remaining(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new StampRemainingQuery(user.companyId));
  }

  @Get('stamp/roll')
  @ApiAnswer(200, 'The rolls, newest first, with their counts', [STAMP_ROLL_LISTED_EXAMPLE])
  rolls(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new StampRollsQuery(user.companyId));
  }

  @Post('stamp/roll')
  @ApiAnswer(201, 'The roll received', STAMP_ROLL_EXAMPLE)
  receive(@CurrentUser() user: AuthUser, @Body() body: CreateStampRollBody) {
    return this.commands.execute(
      new ReceiveStampRollCommand(metadataOf(user, this.clock), {
        prefix: body.prefix ?? null,
        receivedAt: body.received_at,
        from: body.from,
        to: body.to,
      }),
    );
  }

  @Put('stamp/roll/:id')
  @ApiAnswer(200, 'The roll as changed', STAMP_ROLL_CHANGED_ANSWER)
  changeActive(
    @CurrentUser() user: AuthUser,
    @Param('id', new RollIdPipe('id')) id: number,
    @Body() body: UpdateStampRollBody,
  ) {
    return this.commands.execute(
      new ChangeStampRollActiveCommand(metadataOf(user, this.clock), id, Boolean(body.active)),
    );
  }

  @Put('stamp/roll/:roll_id/assign')
  @ApiAnswer(200, 'The range assigned by hand, its note upper-cased', STAMP_ASSIGNMENT_ANSWER)
  assign(
    @CurrentUser() user: AuthUser,
    @Param('roll_id', new RollIdPipe('roll_id')) rollId: number,
    @Body() body: AssignStampsBody,
  ) {
    if (body.roll_id !== undefined && body.roll_id !== rollId) {
      const message = 'roll_id must be the roll of the path.';
      throw new BadRequestException({ statusCode: 400, message, details: [{ field: 'roll_id', message }] });
    }
    return this.commands.execute(
      new AssignStampsCommand(metadataOf(user, this.clock), {
        rollId,
        from: body.from,
        to: body.to,
        note: body.note ?? null,
      }),
    );
  }

  @Post('stamp/roll/:roll_id/destroy')
  @ApiAnswer(201, 'The destroy record and what it did', STAMP_DESTROY_ANSWER)
  destroy(
    @CurrentUser() user: AuthUser,
    @Param('roll_id', new RollIdPipe('roll_id')) rollId: number,
    @Body() body: DestroyStampsBody,
  ) {
    return this.commands.execute(
      new DestroyStampsCommand(metadataOf(user, this.clock), {
        rollId,
        from: body.from,
        to: body.to,
        note: body.note ?? null,
      }),
    );
  }

  @Get('stamp/destroyed')
  @ApiAnswer(200, 'The destroy records, newest first', STAMP_DESTROYED_ANSWER)
  destroyed(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new DestroyedStampsQuery(user.companyId));
  }

  @Delete('stamp/undo-destroy')
  @ApiAnswer(
    200,
    'The destroy records undone (their stamps available again) and the ids that were undone before',
    STAMP_UNDO_DESTROY_ANSWER,
  )
  undoDestroy(@CurrentUser() user: AuthUser, @Query() params: UndoDestroyParams) {
    return this.commands.execute(new UndoDestroyStampsCommand(metadataOf(user, this.clock), params.ids));
  }

  @Get('invoice/stamp/grid')
  @ApiAnswer(200, 'One page of the grid and the count of matching rows', INVOICE_STAMP_GRID_ANSWER)
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return this.queries.execute(new StampLogGridQuery(user.companyId, params));
  }

  @Get('stamp/download')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  async download(@CurrentUser() user: AuthUser, @Query() params: StampDownloadParams) {
    const { filename, stream } = await this.queries.execute(
      new StampLogCsvQuery(user.companyId, params, this.clock.now()),
    );
    return new StreamableFile(stream, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }

  @Get('stamp/history')
  @ApiAnswer(200, "One stamp's status and history", STAMP_HISTORY_ANSWER)
  history(@CurrentUser() user: AuthUser, @Query() params: StampHistoryParams) {
    return this.queries.execute(
      new StampHistoryQuery(user.companyId, params.prefix ?? '', params.number, params.serial),
    );
  }

  @Get('stamp/as-of')
  @ApiAnswer(
    200,
    "Each roll's ranges and the totals at that instant (the stamp ledger replayed)",
    STAMP_AS_OF_ANSWER,
  )
  asOf(@CurrentUser() user: AuthUser, @Query() params: StampAsOfParams) {
    return this.queries.execute(new StampLedgerAsOfQuery(user.companyId, params.at));
  }

  @Get('stamp/as-of/download')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  async asOfDownload(@CurrentUser() user: AuthUser, @Query() params: StampAsOfParams) {
    const report = await this.queries.execute(new StampLedgerAsOfQuery(user.companyId, params.at));
    const timeZone = await this.zones.of(user.companyId);
    const filename = `stamp_ledger_${fileDate(report.asOf, timeZone)}.csv`;
    return new StreamableFile(Buffer.from(stampLedgerCsv(report), 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }

  @Get('stamp/allocation')
  @ApiAnswer(200, 'The stamps automatic allocation would give (nothing is kept)', STAMP_ALLOCATION_ANSWER)
  allocationPreview(@CurrentUser() user: AuthUser, @Query() params: StampAllocationParams) {
    return this.queries.execute(
      new StampAllocationPreviewQuery(
        user.companyId,
        params.count,
        params.invoice_id,
        this.clock.nowIso(),
        bottleNeeds(params.bottles),
      ),
    );
  }

  @Post('stamp/range/check')
  @ApiAnswer(200, 'Whether the range can be assigned, and its stamps', STAMP_RANGE_CHECK_ANSWER)
  @HttpCode(200)
  checkRange(@CurrentUser() user: AuthUser, @Body() body: CheckStampRangeBody) {
    return this.queries.execute(
      new StampRangeCheckQuery(
        user.companyId,
        { rollId: body.roll_id, from: body.from, to: body.to },
        body.invoice_id,
        ranges(body.added),
      ),
    );
  }
}
