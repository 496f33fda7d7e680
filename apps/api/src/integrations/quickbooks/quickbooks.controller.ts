import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Logger,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type {
  QuickBooksInvoiceState,
  QuickBooksLogRow,
  QuickBooksOverview,
  QuickBooksSyncStarted,
} from '#domain/contracts/quickbooks.contract.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser, Public } from '../../auth/public.decorator.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import { UuidOr404 } from '../../infra/http/uuid-param.pipe.js';
import { QuickBooksReader } from './queries/quickbooks.reader.js';
import { QuickBooksConnections } from './quickbooks.connections.js';
import { QuickBooksCallbackParams, QuickBooksSettingsBody } from './quickbooks.params.js';
import { QuickBooksSync } from './quickbooks.sync.js';

const RUN_NOT_FOUND = 'QuickBooks sync not found';
const INVOICE_NOT_FOUND = 'Invoice not found';

const RUN_EXAMPLE = {
  runId: '5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11',
  trigger: 'manual' as const,
  status: 'success' as const,
  error: null,
  total: 12,
  done: 12,
  created: 14,
  updated: 1,
  failed: 0,
  startedAt: '2026-11-27T15:00:00.000Z',
  finishedAt: '2026-11-27T15:00:09.000Z',
};

const OVERVIEW_EXAMPLE: QuickBooksOverview = {
  connected: true,
  realmId: '4620816365000001',
  connectedAt: '2026-11-20T10:00:00.000Z',
  local: false,
  settings: { invoices: 'all', payments: true, creditMemos: true, syncFrom: '2026-10-01', schedule: 'daily' },
  nextRunAt: '2026-11-28T15:00:00.000Z',
  lastRun: RUN_EXAMPLE,
  runs: [RUN_EXAMPLE],
};

const STARTED: QuickBooksSyncStarted = { runId: '5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11', status: 'started' };

/** QuickBooks Online: connect, settings, syncs and their logs, an invoice's state (the quickbooks feature). */
@ApiTags('quickbooks')
@ApiBearerAuth()
@RequiresFeature('quickbooks')
@Controller('quickbooks')
export class QuickBooksController {
  constructor(
    @Inject(QuickBooksConnections) private readonly connections: QuickBooksConnections,
    @Inject(QuickBooksSync) private readonly sync: QuickBooksSync,
    @Inject(QuickBooksReader) private readonly reader: QuickBooksReader,
  ) {}

  @Get()
  @ApiAnswer(
    200,
    'The connection, the settings, the next scheduled sync and the 20 newest runs',
    OVERVIEW_EXAMPLE,
  )
  async overview(@CurrentUser() user: AuthUser): Promise<QuickBooksOverview> {
    await this.connections.ensureRow(user.companyId);
    return this.reader.overview(user.companyId, this.connections.isLocal());
  }

  /** Where the browser goes to authorize Stampline in QuickBooks (it comes back to the callback). */
  @Get('connect')
  @ApiAnswer(200, "QuickBooks' authorization URL", { url: 'https://appcenter.intuit.com/connect/oauth2?…' })
  async connect(@CurrentUser() user: AuthUser): Promise<{ url: string }> {
    return { url: await this.connections.connectUrl(user.companyId) };
  }

  @Post('disconnect')
  @HttpCode(200)
  @ApiAnswer(200, 'Disconnected: the tokens are forgotten (the mapping stays for a reconnect)', {
    connected: false,
  })
  async disconnect(@CurrentUser() user: AuthUser): Promise<{ connected: false }> {
    await this.connections.disconnect(user.companyId);
    return { connected: false };
  }

  @Put('settings')
  @ApiAnswer(200, 'The settings saved, with the overview', OVERVIEW_EXAMPLE)
  async settings(
    @CurrentUser() user: AuthUser,
    @Body() body: QuickBooksSettingsBody,
  ): Promise<QuickBooksOverview> {
    await this.connections.saveSettings(user.companyId, body);
    return this.reader.overview(user.companyId, this.connections.isLocal());
  }

  @Post('sync')
  @HttpCode(200)
  @ApiAnswer(200, 'The sync started (it runs in the background), or the running one', STARTED)
  start(@CurrentUser() user: AuthUser): Promise<QuickBooksSyncStarted> {
    return this.sync.start(user.companyId, 'manual', user.id);
  }

  @Get('runs/:runId/log')
  @ApiAnswer(200, 'One row per object the sync sent or failed', [
    {
      id: '1',
      kind: 'invoice',
      ourId: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      label: 'Invoice 1042',
      ok: true,
      action: 'created',
      qboId: '130',
      message: 'Invoice 1042 created in QuickBooks (Id 130).',
      at: '2026-11-27T15:00:02.000Z',
    },
  ])
  async log(
    @CurrentUser() user: AuthUser,
    @Param('runId', new UuidOr404(RUN_NOT_FOUND)) runId: string,
  ): Promise<QuickBooksLogRow[]> {
    const rows = await this.reader.log(user.companyId, runId);
    if (!rows) throw new NotFoundException({ statusCode: 404, message: RUN_NOT_FOUND });
    return rows;
  }

  @Get('invoice/:id')
  @ApiAnswer(200, "The invoice's state in QuickBooks", {
    invoiceId: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
    state: 'failed',
    qboId: null,
    message: 'QuickBooks refused it (400, error 6000).',
    updatedAt: '2026-11-27T15:00:02.000Z',
  })
  async invoice(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(INVOICE_NOT_FOUND)) id: string,
  ): Promise<QuickBooksInvoiceState> {
    const state = await this.reader.invoice(user.companyId, id);
    if (!state) throw new NotFoundException({ statusCode: 404, message: INVOICE_NOT_FOUND });
    return state;
  }
}

/**
 * QuickBooks' redirect after the user authorized: no bearer token comes with a browser redirect, so the company is
 * the one whose connect flow issued `state` (used once, within 15 minutes). It answers a redirect to the sync page,
 * `?connected=1` or `?error=…` (our words).
 */
@ApiTags('quickbooks')
@Controller('quickbooks')
export class QuickBooksCallbackController {
  private readonly logger = new Logger('QuickBooks');

  constructor(@Inject(QuickBooksConnections) private readonly connections: QuickBooksConnections) {}

  @Get('callback')
  @Public()
  @ApiResponse({
    status: 302,
    description: 'Back to the QuickBooks page: /quickbooks?connected=1, or /quickbooks?error=… in our words',
    headers: { Location: { description: 'The QuickBooks page', schema: { type: 'string' } } },
  })
  async callback(@Query() params: QuickBooksCallbackParams, @Res() reply: FastifyReply): Promise<void> {
    const back = (query: string) => void reply.redirect(`/quickbooks?${query}`, 302);
    const companyId = params.state ? await this.connections.companyOfState(params.state) : undefined;
    if (!companyId)
      return back('error=' + encodeURIComponent('The connection request expired; connect again.'));
    if (params.error || !params.code || !params.realmId)
      return back('error=' + encodeURIComponent('QuickBooks was not connected.'));
    if (!(await this.connections.featureOn(companyId)))
      return back('error=' + encodeURIComponent('The QuickBooks feature is not active for your company.'));
    try {
      await this.connections.complete(companyId, params.code, params.realmId);
    } catch (caught) {
      this.logger.warn(`QuickBooks connect of ${companyId} failed: ${(caught as Error).name}`);
      return back('error=' + encodeURIComponent('QuickBooks refused the connection; connect again.'));
    }
    back('connected=1');
  }
}
