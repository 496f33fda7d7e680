import type { StampStatusRecordResult, StampStatusSettingsResponse } from '#domain/contracts/stamp.contract';
import { stampsApi } from './stamps.api';

export type { StampStatusRecordResult } from '#domain/contracts/stamp.contract';

/** The extended stamp statuses */
export type ExtendedStampStatus = 'lost' | 'stolen' | 'voided' | 'returned_to_state';

export interface RecordStampStatusBody {
  rollId: number;
  status: ExtendedStampStatus;
  from: number;
  to: number;
  note: string;
  replacement_prefix?: string;
  replacement_number?: number;
}

/** Lost, stolen, voided and returned stamps, and replacements (with the company setting on). */
export const stampStatusesApi = stampsApi.injectEndpoints({
  endpoints: (build) => ({
    stampStatusSettings: build.query<StampStatusSettingsResponse, void>({
      query: () => 'stamp/status-settings',
      keepUnusedDataFor: 0, // the owner may switch it in Settings at any time
    }),
    recordStampStatus: build.mutation<StampStatusRecordResult, RecordStampStatusBody>({
      query: ({ rollId, ...body }) => ({ url: `stamp/roll/${rollId}/status`, method: 'POST', body }),
      invalidatesTags: ['StampLedger'],
    }),
  }),
});

export const { useStampStatusSettingsQuery, useRecordStampStatusMutation } = stampStatusesApi;
