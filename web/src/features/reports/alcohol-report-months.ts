import { format } from 'date-fns';
import type { AlcoholReportStatus } from '#domain/contracts/alcohol-sales.contract';

/** 'YYYY-MM' as "October 2026". */
export const monthLabel = (month: string) => format(new Date(`${month}-15T12:00:00`), 'MMMM yyyy');

export const STATUS_LABEL: Record<AlcoholReportStatus, string> = {
  due: 'Not filed',
  late: 'Late',
  filed: 'Filed',
  filed_late: 'Filed late',
};

export const STATUS_COLOR: Record<AlcoholReportStatus, 'default' | 'error' | 'success' | 'warning'> = {
  due: 'warning',
  late: 'error',
  filed: 'success',
  filed_late: 'warning',
};
