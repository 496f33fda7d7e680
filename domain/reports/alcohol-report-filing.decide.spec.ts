import { deciderSpec } from '../shared/decider-spec.js';
import { alcoholReportDecider } from './alcohol-report-filing.decide.js';
import {
  aReportDownloaded,
  aReportFiled,
  markFiled,
  metadata,
  NOW,
} from './alcohol-report-filing.fixtures.js';
import { remindsOf, reportMonths, reportStatus } from './alcohol-report-filing.rules.js';

const given = deciderSpec(alcoholReportDecider);

describe('Alcohol sales report filing', () => {
  it('records each download of the RITS file, with who and when', () =>
    given([aReportDownloaded()])
      .when({
        type: 'RecordReportDownload',
        data: { month: '2026-10', records: 4, noSales: false },
        metadata,
      })
      .then([aReportDownloaded()]));

  it('records the download of a no-sales report', () =>
    given([])
      .when({ type: 'RecordReportDownload', data: { month: '2026-10', records: 1, noSales: true }, metadata })
      .then([aReportDownloaded({ records: 1, noSales: true })]));

  describe('when marked filed', () => {
    it('records the confirmation number (trimmed, upper-cased) and that it is on time up to the due date', () =>
      given([aReportDownloaded()])
        .when(markFiled('  rits-123456 ', '2026-11-25'))
        .then([aReportFiled({ filedOn: '2026-11-25' })]));

    it('is late the day after the due date', () =>
      given([])
        .when(markFiled('RITS-123456', '2026-11-26'))
        .then([aReportFiled({ filedOn: '2026-11-26', late: true })]));

    it('measures a month whose 25th is a holiday against the next business day', () =>
      given([])
        .when(markFiled('RITS-9', '2026-12-28', '2026-11'))
        .then([
          aReportFiled({
            month: '2026-11',
            confirmationNumber: 'RITS-9',
            filedOn: '2026-12-28',
            dueOn: '2026-12-28',
            filedAt: NOW,
          }),
        ]));

    it('changes nothing when marked again with the same number', () =>
      given([aReportFiled()]).when(markFiled('rits-123456')).then([]));

    it('refuses another number once filed', () =>
      given([aReportFiled()])
        .when(markFiled('RITS-999'))
        .thenThrows('The report of 2026-10 is marked filed already, with confirmation number RITS-123456.'));

    it('refuses an empty, too long or odd confirmation number', () => {
      const message =
        'Enter the confirmation number RITS gave the filed report: letters, digits and hyphens, at most 40.';
      for (const bad of ['', '   ', 'A'.repeat(41), 'RITS 12', 'RITS/12'])
        given([]).when(markFiled(bad)).thenThrows(message);
    });

    it('refuses a month that is not over yet', () =>
      given([])
        .when(markFiled('RITS-1', '2026-10-31'))
        .thenThrows('A month can be marked filed once it is over.'));
  });
});

describe('The months of a company', () => {
  it('runs from last month back to the month before it registered, at most 12', () => {
    expect(reportMonths('2026-11-29', '2026-11-02')).toEqual(['2026-10']);
    expect(reportMonths('2026-11-29', '2026-09-15')).toEqual(['2026-10', '2026-09', '2026-08']);
    expect(reportMonths('2026-11-29', '2020-01-01')).toHaveLength(12);
  });

  it('is due until its due date, then late with the $50 penalty, or filed', () => {
    expect(reportStatus('2026-10', null, '2026-11-25')).toEqual({
      status: 'due',
      dueOn: '2026-11-25',
      penalty: 0,
    });
    expect(reportStatus('2026-10', null, '2026-11-26')).toEqual({
      status: 'late',
      dueOn: '2026-11-25',
      penalty: 50,
    });
    expect(reportStatus('2026-10', { late: false }, '2026-12-01').status).toBe('filed');
    expect(reportStatus('2026-10', { late: true }, '2026-12-01')).toMatchObject({
      status: 'filed_late',
      penalty: 50,
    });
  });

  it("reminds of last month's report until it is filed", () => {
    const months = [
      { month: '2026-10', status: 'due' },
      { month: '2026-09', status: 'late' },
    ];
    expect(remindsOf(months, '2026-11-03')).toEqual({ month: '2026-10', status: 'due' });
    expect(remindsOf([{ month: '2026-10', status: 'filed' }], '2026-11-03')).toBeNull();
  });
});
