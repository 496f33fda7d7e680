import type { CommandMetadata } from '../shared/decider.js';
import type { AlcoholReportDownloaded, AlcoholReportFiled } from './alcohol-report-filing.events.js';

export const COMPANY = 'co-1';
export const NOW = '2026-11-20T15:00:00.000Z';
export const metadata: CommandMetadata = { companyId: COMPANY, userId: 'u-1', now: NOW };

export const aReportDownloaded = (
  data: Partial<AlcoholReportDownloaded['data']> = {},
): AlcoholReportDownloaded => ({
  type: 'AlcoholReportDownloaded',
  data: {
    companyId: COMPANY,
    month: '2026-10',
    downloadedBy: 'u-1',
    downloadedAt: NOW,
    records: 4,
    noSales: false,
    ...data,
  },
});

export const aReportFiled = (data: Partial<AlcoholReportFiled['data']> = {}): AlcoholReportFiled => ({
  type: 'AlcoholReportFiled',
  data: {
    companyId: COMPANY,
    month: '2026-10',
    confirmationNumber: 'RITS-123456',
    filedBy: 'u-1',
    filedAt: NOW,
    filedOn: '2026-11-20',
    dueOn: '2026-11-25',
    late: false,
    ...data,
  },
});

export const markFiled = (confirmationNumber: string, today = '2026-11-20', month = '2026-10') => ({
  type: 'MarkReportFiled' as const,
  data: { month, confirmationNumber, today },
  metadata,
});
