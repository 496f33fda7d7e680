import { Body, Controller, Get, Header, Inject, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { StatementRunMode, StatementRunResponse } from '#domain/contracts/statement.contract.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import { Clock } from '../../infra/clock.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { contentDisposition } from '../../infra/pdf/pdf-format.js';
import { STATEMENT_RUN_ANSWER } from '../statement.answers.js';
import { StatementRuns } from './statement-runs.service.js';

/** POST /statements/runs: the month and how the statements go (checked by the run, which names the field). */
export class StatementRunBodyDto {
  @ApiProperty({ example: '2026-10', description: 'The month, YYYY-MM, not after the current month' })
  @IsOptional()
  @IsString({ message: 'month must be a month (YYYY-MM).' })
  month?: string;

  @ApiProperty({ enum: ['email', 'download'], description: 'E-mail each customer, or one zip to download' })
  @IsOptional()
  @IsString({ message: 'mode must be email or download.' })
  mode?: StatementRunMode;
}

/**
 * The monthly statement run (payment feature): start one, follow its progress, download its zip. Another company's
 * run is 404.
 */
@ApiTags('payment')
@ApiBearerAuth()
@RequiresFeature('payment')
@Controller('statements/runs')
export class StatementRunsController {
  constructor(
    @Inject(StatementRuns) private readonly runs: StatementRuns,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Post()
  @ApiAnswer(201, 'The run, started: poll GET /statements/runs/{id} for its progress', STATEMENT_RUN_ANSWER)
  start(@CurrentUser() user: AuthUser, @Body() body: StatementRunBodyDto): Promise<StatementRunResponse> {
    return this.runs.start(user.companyId, user.id, body, this.clock.now());
  }

  @Get(':id')
  @ApiAnswer(200, 'The run and how far it is', STATEMENT_RUN_ANSWER)
  run(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<StatementRunResponse> {
    return this.runs.read(user.companyId, id);
  }

  /** application/zip, `statements_{month}.zip`: one PDF per customer. */
  @Get(':id/file')
  @Header('Cache-Control', 'private, no-store')
  @ApiFileAnswer('application/zip', "The run's statements, one PDF per customer")
  async file(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const { zip, filename } = await this.runs.file(user.companyId, id);
    return new StreamableFile(zip as never, {
      type: 'application/zip',
      disposition: contentDisposition('attachment', filename),
    });
  }
}
