import { Clock } from '../../infra/clock.js';
import {
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import type { FintechSyncAnswer, FintechSyncLogEntry } from '#domain/contracts/integration.contract.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { isUuid } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import { actorOf } from '../../infra/http/actor.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import { listOf } from '../../infra/http/query-list.js';
import { SyncRunner } from '../sync-runner.js';
import { FintechSyncReader } from './queries/fintech-sync.reader.js';

/** Invoices one fintech sync (and one sync-log request) may name. */
export const MAX_FINTECH_INVOICES = 50;
const INVOICE_NOT_FOUND = 'Invoice not found';
export const FINTECH_BUSY = 'A fintech sync is running already; try again in a moment.';

/** POST /fintech/sync's body: the invoices to sync (or none here, when the query names them). */
export class FintechSyncBody {
  @ApiPropertyOptional({ type: [String], example: ['5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11'] })
  @IsOptional()
  @IsArray({ message: 'invoiceIds must be a list of invoice ids' })
  @ArrayMaxSize(MAX_FINTECH_INVOICES, {
    message: `invoiceIds may name at most ${MAX_FINTECH_INVOICES} invoices`,
  })
  @IsUUID('all', { each: true, message: 'every invoice id must be a uuid' })
  invoiceIds?: string[];
}

/** The client's specification passes `invoiceIds` to POST /fintech/sync as a parameter: comma-separated or repeated. */
export class FintechSyncParams {
  @ApiPropertyOptional({ type: [String], description: 'Invoice ids, comma-separated or repeated' })
  @IsOptional()
  invoiceIds?: string | string[];
}

const invalidIds = (message: string) =>
  new DomainError('FINTECH_SYNC_INVALID', 'invalid', message, [{ field: 'invoiceIds', message }]);

/** The invoices named in the body and in the query, once each (lower case): 1 to MAX_FINTECH_INVOICES uuids. */
export function fintechSyncIds(body: FintechSyncBody | undefined, params: FintechSyncParams): string[] {
  const named = [...(body?.invoiceIds ?? []), ...listOf(params.invoiceIds)];
  if (named.some((id) => typeof id !== 'string' || !isUuid(id)))
    throw invalidIds('every invoice id must be a uuid');
  const ids = [...new Set(named.map((id) => id.toLowerCase()))];
  if (ids.length === 0) throw invalidIds('invoiceIds must name at least one invoice');
  if (ids.length > MAX_FINTECH_INVOICES)
    throw invalidIds(`invoiceIds may name at most ${MAX_FINTECH_INVOICES} invoices`);
  return ids;
}

export class FintechSyncLogParams {
  @ApiPropertyOptional({ type: [String], description: 'Invoice ids, comma-separated or repeated' })
  @IsOptional()
  invoiceIds?: string | string[];
}

/**
 * Fintech sync (GET /fintech/sync-log), fintech feature only.
 * A sync of the named invoices runs as every sync does (events on integrations-{companyId}, once per content), and
 * POST waits for it (at most 50 invoices). The log answers the syncs that named any of the invoices, newest first.
 */
@ApiTags('fintech')
@ApiBearerAuth()
@RequiresFeature('fintech')
@Controller('fintech')
export class FintechSyncController {
  constructor(
    @Inject(SyncRunner) private readonly runner: SyncRunner,
    @Inject(FintechSyncReader) private readonly fintech: FintechSyncReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Post('sync')
  @HttpCode(200)
  @ApiAnswer(200, 'The sync, once it ended', {
    syncId: '5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11',
    success: true,
    synced: 1,
    failed: 0,
    error: null,
  })
  async sync(
    @CurrentUser() user: AuthUser,
    @Body() body: FintechSyncBody,
    @Query() params: FintechSyncParams,
  ): Promise<FintechSyncAnswer> {
    const ids = fintechSyncIds(body, params);
    if ((await this.fintech.countInvoices(user.companyId, ids)) !== ids.length)
      throw new NotFoundException({ statusCode: 404, message: INVOICE_NOT_FOUND });
    const started = await this.runner.start(
      'fintech',
      'invoices',
      { invoiceIds: ids },
      actorOf(user, this.clock),
    );
    if (started.status === 'running') throw new ConflictException({ statusCode: 409, message: FINTECH_BUSY });
    await this.runner.finished(started.syncId);
    const sync = await this.fintech.sync(user.companyId, started.syncId);
    return {
      syncId: started.syncId,
      success: sync?.status === 'success' && sync.failed === 0,
      synced: sync?.synced ?? 0,
      failed: sync?.failed ?? 0,
      error: sync?.error ?? null,
    };
  }

  @Get('sync-log')
  @ApiAnswer(200, 'The fintech syncs that named any of these invoices, newest first', [
    {
      id: '5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11',
      invoice_ids: ['6571ded8-2c83-49b4-9578-eccc81c91e00'],
      createdAt: '2026-11-27T15:00:00.000Z',
      success_log: null,
      error_log: { step: 'invoice', message: 'Invoice 1 failed: The customer has no fintech id.' },
    },
  ])
  async log(
    @CurrentUser() user: AuthUser,
    @Query() params: FintechSyncLogParams,
  ): Promise<FintechSyncLogEntry[]> {
    const ids = [...new Set(listOf(params.invoiceIds).map((id) => id.toLowerCase()))];
    if (ids.length === 0 || ids.length > MAX_FINTECH_INVOICES || ids.some((id) => !isUuid(id))) {
      const message = `invoiceIds must name 1 to ${MAX_FINTECH_INVOICES} invoice ids`;
      throw new DomainError('FINTECH_LOG_INVALID', 'invalid', message, [{ field: 'invoiceIds', message }]);
    }
    return this.fintech.log(user.companyId, ids);
  }
}
