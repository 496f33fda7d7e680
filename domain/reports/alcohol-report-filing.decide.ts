import { assertNever, type Decider } from '../shared/decider.js';
import type { AlcoholReportCommand } from './alcohol-report-filing.commands.js';
import type { AlcoholReportEvent } from './alcohol-report-filing.events.js';
import {
  alreadyFiled,
  confirmationProblem,
  FILING_MESSAGES,
  filingInvalid,
  monthIsOver,
} from './alcohol-report-filing.rules.js';
import { evolve, initialState, type AlcoholReportFiling } from './alcohol-report-filing.state.js';
import { reportDueOn } from './alcohol-sales-report.js';

/**
 * A month's filing. Every download is recorded (who and when). Marking it filed takes RITS's confirmation number
 * (trimmed, upper-cased), once the month is over; it is late when the company's business day is after the due date
 * (the 25th of the month after, or the next business day). Marked again with the same number it changes nothing;
 * with another number it is refused (409), so a filing once recorded stays as it was.
 */
export function decide(command: AlcoholReportCommand, state: AlcoholReportFiling): AlcoholReportEvent[] {
  const { companyId, userId, now } = command.metadata;
  switch (command.type) {
    case 'RecordReportDownload':
      return [
        {
          type: 'AlcoholReportDownloaded',
          data: {
            companyId,
            month: command.data.month,
            downloadedBy: userId,
            downloadedAt: now,
            records: command.data.records,
            noSales: command.data.noSales,
          },
        },
      ];
    case 'MarkReportFiled': {
      const { month, today } = command.data;
      const problem = confirmationProblem(command.data.confirmationNumber);
      if (problem) throw filingInvalid([problem]);
      if (!monthIsOver(month, today))
        throw filingInvalid([{ field: 'month', message: FILING_MESSAGES.monthOpen }]);
      const confirmationNumber = command.data.confirmationNumber.trim().toUpperCase();
      if (state.filed) {
        if (state.filed.confirmationNumber === confirmationNumber) return [];
        throw alreadyFiled(month, state.filed.confirmationNumber);
      }
      const dueOn = reportDueOn(month);
      return [
        {
          type: 'AlcoholReportFiled',
          data: {
            companyId,
            month,
            confirmationNumber,
            filedBy: userId,
            filedAt: now,
            filedOn: today,
            dueOn,
            late: today > dueOn,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const alcoholReportDecider: Decider<AlcoholReportFiling, AlcoholReportCommand, AlcoholReportEvent> = {
  decide,
  evolve,
  initialState,
};
