import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { IssueCreditMemoHandler, VoidCreditMemoHandler } from './commands/credit-memo.handlers.js';
import { CreditMemosController } from './credit-memos.controller.js';
import {
  CreditMemoCsvHandler,
  CreditMemoGridHandler,
  GetCreditMemoHandler,
} from './queries/credit-memo.handlers.js';
import { CreditMemoReader } from './queries/credit-memo.reader.js';
import { CreditMemoPdfService } from './pdf/credit-memo-pdf.js';
import { CreditMemoEmailService } from './pdf/credit-memo-email.js';

/** Credit memos: issue, void, the memo, its PDF and e-mail, the grid and its export. */
@Module({
  imports: [InvoicesModule],
  controllers: [CreditMemosController],
  providers: [
    CreditMemoReader,
    IssueCreditMemoHandler,
    VoidCreditMemoHandler,
    GetCreditMemoHandler,
    CreditMemoGridHandler,
    CreditMemoCsvHandler,
    CreditMemoPdfService,
    CreditMemoEmailService,
  ],
})
export class CreditsModule {}
