import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { CustomerStatementHandler } from './queries/statement.handler.js';
import { StatementReader } from './queries/statement.reader.js';
import { StatementDocuments } from './statement-documents.service.js';
import { StatementRunReader } from './runs/statement-run.reader.js';
import { StatementRunsController } from './runs/statement-runs.controller.js';
import { StatementRuns } from './runs/statement-runs.service.js';
import { PublicStatementController, StatementsController } from './statements.controller.js';

/** Customer statements: on screen, as PDF, by e-mail and by public link; the monthly statement run. */
@Module({
  imports: [InvoicesModule],
  controllers: [StatementsController, PublicStatementController, StatementRunsController],
  providers: [
    StatementReader,
    CustomerStatementHandler,
    StatementDocuments,
    StatementRunReader,
    StatementRuns,
  ],
  exports: [StatementDocuments],
})
export class StatementsModule {}
