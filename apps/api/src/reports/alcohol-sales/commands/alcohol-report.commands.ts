import { Command } from '@nestjs/cqrs';
import type { AlcoholReportMonth } from '#domain/contracts/alcohol-sales.contract.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** GET /comptroller/alcohol-sales/rits: the month's RITS file, its download recorded. */
export class DownloadRitsFileCommand extends Command<{ text: string; filename: string }> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly month: string,
  ) {
    super();
  }
}

/** POST /company/{id}/alcohol-reports/{month}/filed: answers the month's filing as it is after. */
export class MarkAlcoholReportFiledCommand extends Command<AlcoholReportMonth> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly month: string,
    readonly confirmationNumber: string,
  ) {
    super();
  }
}
