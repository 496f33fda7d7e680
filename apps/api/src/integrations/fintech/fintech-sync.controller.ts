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
import type pg from 'pg';
import type { FintechSyncAnswer, FintechSyncLogEntry } from '#domain/contracts/integration.contract.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import { actorOf } from '../../infra/http/actor.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import { listOf } from '../../infra/http/query-list.js';
import { SyncRunner } from '../sync-runner.js';
import { Clock } from '../../infra/clock.js';

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
    @Inject(PG_POOL) private readonly pool: pg.Pool,
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
    const [found] = await tenantQuery<{ count: string }>(
      this.pool,
      user.companyId,
      'SELECT count(*) AS count FROM rm_invoice WHERE company_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL',
      [ids],
    );
    if (Number(found?.count) !== ids.length)
      throw new NotFoundException({ statusCode: 404, message: INVOICE_NOT_FOUND });
    const started = await this.runner.start(
      'fintech',
      'invoices',
      { invoiceIds: ids },
      actorOf(user, this.clock),
    );
    if (started.status === 'running') throw new ConflictException({ statusCode: 409, message: FINTECH_BUSY });
    await this.runner.finished(started.syncId);
    const [sync] = await tenantQuery<{
      status: string;
      error: string | null;
      synced: number;
      failed: number;
    }>(
      this.pool,
      user.companyId,
      'SELECT status, error, synced, failed FROM rm_integration_sync WHERE company_id = $1 AND sync_id = $2',
      [started.syncId],
    );
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
    const syncs = await tenantQuery<{
      sync_id: string;
      status: string;
      error: string | null;
      synced: number;
      failed: number;
      invoice_ids: string[];
      started_at: Date;
    }>(
      this.pool,
      user.companyId,
      `SELECT sync_id, status, error, synced, failed, scope -> 'invoiceIds' AS invoice_ids, started_at
         FROM rm_integration_sync
        WHERE company_id = $1 AND partner = 'fintech' AND (scope -> 'invoiceIds') ?| $2::text[]
        ORDER BY started_at DESC LIMIT 50`,
      [ids],
    );
    const failures = await tenantQuery<{ sync_id: string; data: { message: string } }>(
      this.pool,
      user.companyId,
      `SELECT sync_id, data FROM rm_integration_sync_log
        WHERE company_id = $1 AND sync_id = ANY($2::uuid[]) AND NOT ok ORDER BY position`,
      [syncs.map((sync) => sync.sync_id)],
    );
    return syncs.map((sync) => {
      const failed = failures.filter((row) => row.sync_id === sync.sync_id).map((row) => row.data.message);
      const ok = sync.status === 'success' && sync.failed === 0;
      return {
        id: sync.sync_id,
        invoice_ids: sync.invoice_ids,
        createdAt: sync.started_at.toISOString(),
        success_log: ok ? { message: `${sync.synced} invoice(s) synced.` } : null,
        error_log: ok
          ? null
          : sync.status === 'running'
            ? { step: 'running', message: 'The sync is running.' }
            : { step: sync.error ? 'send' : 'invoice', message: sync.error ?? failed.join(' ') },
      };
    });
  }
}
