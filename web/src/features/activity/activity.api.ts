import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type { ActivityDetail, ActivityGridRow } from '#domain/contracts/activity.contract';

/** The shapes of the activity log, one home for the API and the web: domain/contracts/activity.contract.ts. */
export type {
  ActivityDetail,
  ActivityGridRow as ActivityRow,
  ActivityInfo,
} from '#domain/contracts/activity.contract';

const ACTIVITY = { type: 'Activity', id: 'LIST' } as const;

export const activityApi = api.enhanceEndpoints({ addTagTypes: ['Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    activityGrid: build.query<GridPage<ActivityGridRow>, GridQueryArgs>({
      query: (params) => ({ url: 'user/user-activity/grid', params }),
      providesTags: [ACTIVITY],
      // the log grows with everything anyone does: a fresh look each time the page opens
      keepUnusedDataFor: 0,
    }),
    activityDetail: build.query<ActivityDetail, string>({
      query: (id) => `user/user-activity/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useActivityGridQuery, useActivityDetailQuery } = activityApi;
