import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type { ActivityGridRow } from '../../../../domain/contracts/activity.contract';

/** The shapes of the activity log, one home for the API and the web: domain/contracts/activity.contract.ts. */
export type {
  ActivityGridRow as ActivityRow,
  ActivityInfo,
} from '../../../../domain/contracts/activity.contract';

const ACTIVITY = { type: 'Activity', id: 'LIST' } as const;

export const activityApi = api.enhanceEndpoints({ addTagTypes: ['Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    activityGrid: build.query<GridPage<ActivityGridRow>, GridQueryArgs>({
      query: (params) => ({ url: 'user/user-activity/grid', params }),
      providesTags: [ACTIVITY],
      // the log grows with everything anyone does: a fresh look each time the page opens
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useActivityGridQuery } = activityApi;
