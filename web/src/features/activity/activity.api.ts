import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';

/** A row of GET user/user-activity/grid (spec 001 §3 Activity). */
export interface ActivityRow {
  id: string;
  /** AUTH, INVOICE, PAYMENT, BOTTLE_POS, CLOVER, MPOWER … */
  module: string;
  /** SIGN_IN, CREATE, UPDATE, DELETE, ADD_PRIVATE_NOTE, FEATURE_ON … */
  type: string;
  success: boolean;
  /** invoiceNumber and beer for invoice and payment activity; feature and title for feature switches. */
  info: ActivityInfo;
  /** ISO instant */
  created_at: string;
  user_name: string | null;
}

export interface ActivityInfo {
  invoiceNumber?: string;
  beer?: boolean;
  amountCents?: number;
  feature?: string;
  title?: string;
  message?: string;
  [key: string]: unknown;
}

const ACTIVITY = { type: 'Activity', id: 'LIST' } as const;

export const activityApi = api.enhanceEndpoints({ addTagTypes: ['Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    activityGrid: build.query<GridPage<ActivityRow>, GridQueryArgs>({
      query: (params) => ({ url: 'user/user-activity/grid', params }),
      providesTags: [ACTIVITY],
      // the log grows with everything anyone does: a fresh look each time the page opens
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useActivityGridQuery } = activityApi;
