import { Module } from '@nestjs/common';
import { AssignStampsHandler } from './commands/assign-stamps.handler.js';
import { ChangeStampRollActiveHandler } from './commands/change-stamp-roll-active.handler.js';
import { DestroyStampsHandler } from './commands/destroy-stamps.handler.js';
import { ReceiveStampRollHandler } from './commands/receive-stamp-roll.handler.js';
import { UndoDestroyStampsHandler } from './commands/undo-destroy-stamps.handler.js';
import { DestroyedStampsHandler } from './queries/destroyed-stamps.handler.js';
import { StampAllocationPreviewHandler } from './queries/stamp-allocation-preview.handler.js';
import { StampHistoryHandler } from './queries/stamp-history.handler.js';
import { StampHistoryReader } from './queries/stamp-history.reader.js';
import { StampLedgerAsOfHandler } from './queries/stamp-ledger-as-of.handler.js';
import { StampLogCsvHandler } from './queries/stamp-log-csv.handler.js';
import { StampLogGridHandler } from './queries/stamp-log-grid.handler.js';
import { StampRangeCheckHandler } from './queries/stamp-range-check.handler.js';
import { StampRemainingHandler } from './queries/stamp-remaining.handler.js';
import { StampRollsHandler } from './queries/stamp-rolls.handler.js';
import { StampsController } from './stamps.controller.js';
import { StampRecordController } from './record/stamp-record.controller.js';
import { StampRecordService } from './record/stamp-record.service.js';
import { StampStatusController } from './statuses/stamp-status.controller.js';
import { RecordStampReplacementHandler, RecordStampStatusHandler } from './statuses/stamp-status.handlers.js';
import { StampStatusSettingsReader } from './statuses/queries/stamp-status-settings.reader.js';

/** Stamp rolls, allocation, destruction, the stamp log and stamp history. The command and query buses come
 * from CqrsModule.forRoot() in AppModule. */
@Module({
  controllers: [StampRecordController, StampStatusController, StampsController],
  providers: [
    StampHistoryReader,
    ReceiveStampRollHandler,
    ChangeStampRollActiveHandler,
    AssignStampsHandler,
    DestroyStampsHandler,
    UndoDestroyStampsHandler,
    StampRemainingHandler,
    StampRollsHandler,
    DestroyedStampsHandler,
    StampLogGridHandler,
    StampLogCsvHandler,
    StampHistoryHandler,
    StampLedgerAsOfHandler,
    StampRangeCheckHandler,
    StampAllocationPreviewHandler,
    StampRecordService,
    RecordStampStatusHandler,
    RecordStampReplacementHandler,
    StampStatusSettingsReader,
  ],
})
export class StampsModule {}
