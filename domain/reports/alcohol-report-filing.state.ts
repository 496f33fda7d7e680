import type { AlcoholReportEvent } from './alcohol-report-filing.events.js';

/** What the decisions need of a month's filing: whether and under which number it was filed. */
export interface AlcoholReportFiling {
  downloads: number;
  filed: { confirmationNumber: string; filedAt: string } | null;
}

export const initialState = (): AlcoholReportFiling => ({ downloads: 0, filed: null });

export function evolve(state: AlcoholReportFiling, event: AlcoholReportEvent): AlcoholReportFiling {
  switch (event.type) {
    case 'AlcoholReportDownloaded':
      return { ...state, downloads: state.downloads + 1 };
    case 'AlcoholReportFiled':
      return {
        ...state,
        filed: { confirmationNumber: event.data.confirmationNumber, filedAt: event.data.filedAt },
      };
    default:
      return state;
  }
}
