import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { CustomerStatementHandler } from './queries/statement.handler.js';
import { StatementReader } from './queries/statement.reader.js';
import { StatementDocuments } from './statement-documents.service.js';
import { PublicStatementController, StatementsController } from './statements.controller.js';

/** Customer statements: on screen, as PDF, by e-mail and by public link. */
@Module({
  imports: [InvoicesModule],
  controllers: [StatementsController, PublicStatementController],
  providers: [StatementReader, CustomerStatementHandler, StatementDocuments],
  exports: [StatementDocuments],
})
export class StatementsModule {}
