import { ConflictException, Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { Clock } from '../../infra/clock.js';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { MpowerRecord, MpowerSyncAnswer } from '#domain/contracts/integration.contract.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import { actorOf } from '../../infra/http/actor.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import { UuidOr404 } from '../../infra/http/uuid-param.pipe.js';
import { SyncRunner } from '../sync-runner.js';
import { MpowerReader } from './queries/mpower.reader.js';

const INVOICE_NOT_FOUND = 'Invoice not found';
export const MPOWER_BUSY = 'A sales platform sync is running already; try again in a moment.';

/**
 * The sales platform (as the client's specification asks), mpower
 * feature only. A sync of one invoice runs as every sync does (events on integrations-{companyId}, idempotent by
 * fingerprint) and the call waits for it: it answers success or error for the view's 1.5 s alert.
 */
@ApiTags('mpower')
@ApiBearerAuth()
@RequiresFeature('mpower')
@Controller('mpower')
export class MpowerController {
  constructor(
    @Inject(SyncRunner) private readonly runner: SyncRunner,
    @Inject(MpowerReader) private readonly mpower: MpowerReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get(':id/sync')
  @ApiAnswer(200, 'The invoice pushed (or already up to date), or why not', {
    success: true,
    message: 'Invoice #1001 synced with the sales platform.',
    record: { status: 'synced', updatedAt: '2026-11-27T15:00:00.000Z', error: null },
  })
  async sync(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(INVOICE_NOT_FOUND)) id: string,
  ): Promise<MpowerSyncAnswer> {
    const number = await this.invoiceNumber(user, id);
    const started = await this.runner.start(
      'mpower',
      'invoices',
      { invoiceIds: [id] },
      actorOf(user, this.clock),
    );
    if (started.status === 'running') throw new ConflictException({ statusCode: 409, message: MPOWER_BUSY });
    await this.runner.finished(started.syncId);
    const sync = await this.mpower.sync(user.companyId, started.syncId);
    const record = await this.record(user, id);
    if (!sync || sync.status === 'failed' || sync.failed > 0)
      return { success: false, message: sync?.error ?? record.error ?? 'The sync did not finish.', record };
    return {
      success: true,
      message:
        sync.synced > 0
          ? `Invoice #${number} synced with the sales platform.`
          : `Invoice #${number} is up to date on the sales platform.`,
      record,
    };
  }

  /** The invoice's sales platform record (a sync record per invoice). */
  @Get(':id')
  @ApiAnswer(200, "The invoice's last sync with the sales platform", {
    status: 'synced',
    updatedAt: '2026-11-27T15:00:00.000Z',
    error: null,
  })
  async get(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(INVOICE_NOT_FOUND)) id: string,
  ): Promise<MpowerRecord> {
    await this.invoiceNumber(user, id);
    return this.record(user, id);
  }

  private async invoiceNumber(user: AuthUser, id: string): Promise<string> {
    const number = await this.mpower.invoiceNumber(user.companyId, id);
    if (number === undefined) throw new NotFoundException({ statusCode: 404, message: INVOICE_NOT_FOUND });
    return number;
  }

  private record(user: AuthUser, id: string): Promise<MpowerRecord> {
    return this.mpower.record(user.companyId, id);
  }
}
