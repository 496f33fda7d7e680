import { Controller, Get, Inject, NotFoundException, Param, Query, StreamableFile } from '@nestjs/common';
import { Clock } from '../infra/clock.js';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type {
  CloverProductState,
  SyncHistory,
  SyncLogRow,
  SyncStartedAnswer,
} from '#domain/contracts/integration.contract.js';
import { INTEGRATION_MESSAGES } from '#domain/integrations/integration.errors.js';
import type { Partner } from '#domain/integrations/integration.events.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { isUuid } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { actorOf } from '../infra/http/actor.js';
import { ApiAnswer, ApiFileAnswer } from '../infra/http/api-answer.js';
import { StampDownloadParams } from '../stamps/dto/stamp.params.js';
import { BottlePosExport } from './bottle-pos/bottle-pos.export.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import { MAX_INVOICES_PER_SYNC, SyncRunner } from './sync-runner.js';
import { SyncInventoryParams, SyncInvoicesParams, SyncProductsParams } from './sync.params.js';
import { SyncHistoryReader } from './queries/sync-history.reader.js';

const SYNC_STARTED: SyncStartedAnswer = { syncId: '5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11', status: 'started' };

const filterProblem = (message: string) =>
  new DomainError('SYNC_FILTER_INVALID', 'invalid', message, [{ field: 'filterModel', message }]);

/** The invoice ids of a filterModel on the invoice id (`id` or `invoice_id`: values, or one filter). */
export function invoiceIdsOf(filterModel: string | undefined): string[] | undefined {
  if (filterModel === undefined || filterModel.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filterModel);
  } catch {
    throw filterProblem('filterModel must be JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw filterProblem('filterModel must be an object');
  const model = parsed as Record<string, unknown>;
  const keys = Object.keys(model);
  if (keys.length === 0) return undefined;
  if (keys.some((key) => key !== 'id' && key !== 'invoice_id'))
    throw filterProblem('filterModel may filter on the invoice id only');
  const column = (model.id ?? model.invoice_id) as { values?: unknown; filter?: unknown } | null;
  const values = Array.isArray(column?.values)
    ? column.values
    : column?.filter !== undefined
      ? [column.filter]
      : undefined;
  if (!values || values.length === 0) throw filterProblem('filterModel must name at least one invoice id');
  if (values.length > MAX_INVOICES_PER_SYNC)
    throw filterProblem(`filterModel may name at most ${MAX_INVOICES_PER_SYNC} invoices`);
  if (values.some((value) => typeof value !== 'string' || !isUuid(value)))
    throw filterProblem('every invoice id must be a uuid');
  return [...new Set((values as string[]).map((value) => value.toLowerCase()))];
}

/** The four sync calls of the client's specification, the same for each partner. */
class PartnerSyncController {
  constructor(
    private readonly partner: Partner,
    private readonly runner: SyncRunner,
    private readonly reader: SyncHistoryReader,
    private readonly clock: Clock,
  ) {}

  history(user: AuthUser): Promise<SyncHistory> {
    return this.reader.history(user.companyId, this.partner);
  }

  syncInvoices(user: AuthUser, params: SyncInvoicesParams): Promise<SyncStartedAnswer> {
    this.sameCompany(user, params.company_id);
    const invoiceIds = invoiceIdsOf(params.filterModel);
    return this.runner.start(
      this.partner,
      'invoices',
      invoiceIds ? { invoiceIds } : {},
      actorOf(user, this.clock),
    );
  }

  syncProducts(user: AuthUser, params: SyncProductsParams): Promise<SyncStartedAnswer> {
    this.sameCompany(user, params.company_id);
    const onlyFirstChunk = params.onlyFirstChunk === 'true' || params.onlyFirstChunk === '1';
    return this.runner.start(this.partner, 'products', { onlyFirstChunk }, actorOf(user, this.clock));
  }

  pushInventory(user: AuthUser, params: SyncInventoryParams): Promise<SyncStartedAnswer> {
    this.sameCompany(user, params.company_id);
    return this.runner.start(this.partner, 'inventory', {}, actorOf(user, this.clock));
  }

  async log(user: AuthUser, syncId: string): Promise<SyncLogRow[]> {
    const rows = await this.reader.log(user.companyId, this.partner, syncId);
    if (!rows) throw new NotFoundException({ statusCode: 404, message: INTEGRATION_MESSAGES.syncNotFound });
    return rows;
  }

  private sameCompany(user: AuthUser, companyId: string | undefined) {
    if (
      companyId !== undefined &&
      companyId !== '' &&
      companyId.toLowerCase() !== user.companyId.toLowerCase()
    )
      throw new NotFoundException({ statusCode: 404, message: 'Company not found' });
  }
}

const HISTORY_ANSWER: SyncHistory = {
  lastSync: {
    syncId: SYNC_STARTED.syncId,
    kind: 'invoices',
    status: 'success',
    error: null,
    synced: 12,
    failed: 0,
    createdAt: '2026-11-27T15:00:00.000Z',
    completedAt: '2026-11-27T15:00:04.000Z',
  },
  syncs: [],
  failedInvoices: [],
  failedProductSyncLog: [],
};

/** Bottle POS (as the client's specification asks), bottle_pos feature only. */
@ApiTags('bottle-pos')
@ApiBearerAuth()
@RequiresFeature('bottle_pos')
@Controller('bottle-pos')
export class BottlePosController {
  private readonly sync: PartnerSyncController;

  constructor(
    @Inject(SyncRunner) runner: SyncRunner,
    @Inject(SyncHistoryReader) reader: SyncHistoryReader,
    @Inject(BottlePosExport) private readonly exporter: BottlePosExport,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.sync = new PartnerSyncController('bottle_pos', runner, reader, clock);
  }

  /** The invoice grid's filterModel (and sortModel) as Bottle POS JSON: bottle_pos_invoices_{date}.json. */
  @Get('export-invoices')
  @ApiFileAnswer('application/json', 'A JSON array of invoices in the Bottle POS shape (streamed)')
  async exportInvoices(@CurrentUser() user: AuthUser, @Query() params: StampDownloadParams) {
    const { filename, stream } = await this.exporter.invoices(user.companyId, params, this.clock.now());
    return new StreamableFile(stream as never, {
      type: 'application/json; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }

  @Get('sync/history')
  @ApiAnswer(200, 'Last sync, recent syncs, failed invoices and failed product syncs', HISTORY_ANSWER)
  history(@CurrentUser() user: AuthUser) {
    return this.sync.history(user);
  }

  @Get('sync-invoices')
  @ApiAnswer(200, 'The sync started (it runs in the background; the result arrives live)', SYNC_STARTED)
  syncInvoices(@CurrentUser() user: AuthUser, @Query() params: SyncInvoicesParams) {
    return this.sync.syncInvoices(user, params);
  }

  @Get('sync-products')
  @ApiAnswer(200, 'The sync started (it runs in the background; the result arrives live)', SYNC_STARTED)
  syncProducts(@CurrentUser() user: AuthUser, @Query() params: SyncProductsParams) {
    return this.sync.syncProducts(user, params);
  }

  @Get('sync-log/:syncId')
  @ApiAnswer(200, 'The sync log rows (Time, Type, Data)', [])
  log(
    @CurrentUser() user: AuthUser,
    @Param('syncId', new UuidOr404(INTEGRATION_MESSAGES.syncNotFound)) syncId: string,
  ) {
    return this.sync.log(user, syncId);
  }
}

const CLOVER_PRODUCT_ANSWER: CloverProductState = {
  product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
  state: 'failed',
  updatedAt: '2026-11-21T15:04:05.000Z',
  sync_id: '5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11',
  message: 'Clover product BAREFOOT MERLOT has not been updated: Clover refused the record (400).',
};

/** Clover (as the client's specification asks), clover feature only. */
@ApiTags('clover')
@ApiBearerAuth()
@RequiresFeature('clover')
@Controller('clover')
export class CloverController {
  private readonly sync: PartnerSyncController;

  constructor(
    @Inject(SyncRunner) runner: SyncRunner,
    @Inject(SyncHistoryReader) private readonly reader: SyncHistoryReader,
    @Inject(Clock) clock: Clock,
  ) {
    this.sync = new PartnerSyncController('clover', runner, reader, clock);
  }

  /** A product's state in Clover: its last push, and 'has not been updated' when that push failed (as the client's specification asks). */
  @Get('product/:id')
  @ApiAnswer(200, "The product's state in Clover", CLOVER_PRODUCT_ANSWER)
  async product(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(INTEGRATION_MESSAGES.productNotFound)) id: string,
  ): Promise<CloverProductState> {
    const state = await this.reader.cloverProduct(user.companyId, id);
    if (!state)
      throw new NotFoundException({ statusCode: 404, message: INTEGRATION_MESSAGES.productNotFound });
    return state;
  }

  @Get('sync/history')
  @ApiAnswer(200, 'Last sync, recent syncs, failed invoices and failed product syncs', HISTORY_ANSWER)
  history(@CurrentUser() user: AuthUser) {
    return this.sync.history(user);
  }

  @Get('sync-invoices')
  @ApiAnswer(200, 'The sync started (it runs in the background; the result arrives live)', SYNC_STARTED)
  syncInvoices(@CurrentUser() user: AuthUser, @Query() params: SyncInvoicesParams) {
    return this.sync.syncInvoices(user, params);
  }

  @Get('sync-products')
  @ApiAnswer(200, 'The sync started (it runs in the background; the result arrives live)', SYNC_STARTED)
  syncProducts(@CurrentUser() user: AuthUser, @Query() params: SyncProductsParams) {
    return this.sync.syncProducts(user, params);
  }

  /**
   * Clover's inventory push: the stock level of every product Clover has an item for (those that changed since the
   * last push). It also runs by itself after each invoice sync; its failure raises `clover:inventory-push-error`.
   */
  @Get('sync-inventory')
  @ApiAnswer(
    200,
    'The inventory push started (it runs in the background; the result arrives live)',
    SYNC_STARTED,
  )
  pushInventory(@CurrentUser() user: AuthUser, @Query() params: SyncInventoryParams) {
    return this.sync.pushInventory(user, params);
  }

  @Get('sync-log/:syncId')
  @ApiAnswer(200, 'The sync log rows (Time, Type, Data)', [])
  log(
    @CurrentUser() user: AuthUser,
    @Param('syncId', new UuidOr404(INTEGRATION_MESSAGES.syncNotFound)) syncId: string,
  ) {
    return this.sync.log(user, syncId);
  }
}
