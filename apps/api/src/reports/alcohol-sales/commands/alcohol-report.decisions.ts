import type { AlcoholReportCommand } from '#domain/reports/alcohol-report-filing.commands.js';
import { alcoholReportDecider } from '#domain/reports/alcohol-report-filing.decide.js';
import { alcoholReportStream } from '#domain/reports/alcohol-report-filing.events.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../../read-your-writes.js';

/** A download or a filing of one month's report, decided on the month's stream of the company. */
export function alcoholReportDecision(command: AlcoholReportCommand) {
  return declareDecision({
    streams: {
      report: streamDecision(
        alcoholReportStream(command.metadata.companyId, command.data.month),
        alcoholReportDecider,
      ),
    },
    decide: ({ report }) => ({ report: alcoholReportDecider.decide(command, report) }),
    waitFor: WAITS_FOR.alcoholReport,
  });
}
