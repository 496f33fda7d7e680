import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type {
  AddStopsBody,
  CreateRouteBody,
  LoadSheetResponse,
  RouteResponse,
  RouteSummary,
  UnroutedResponse,
  UpdateRouteBody,
} from '#domain/contracts/route.contract';

/** The shapes of the route calls, one home for the API and the web: domain/contracts/route.contract.ts. */
export type {
  LoadSheetResponse,
  RouteResponse,
  RouteStopResponse,
  RouteSummary,
  StopStatus,
  UnroutedResponse,
} from '#domain/contracts/route.contract';

const ROUTE = 'Route' as const;
const DAY = { type: ROUTE, id: 'LIST' } as const;
/** A route's change: the route, the day's list and the picker of what is not routed yet. */
const touched = (id: string) => [{ type: ROUTE, id }, DAY];

export const routesApi = api.enhanceEndpoints({ addTagTypes: [ROUTE, 'Staff'] }).injectEndpoints({
  endpoints: (build) => ({
    dayRoutes: build.query<RouteSummary[], string>({
      query: (date) => ({ url: 'routes', params: { date } }),
      providesTags: [DAY],
    }),
    unrouted: build.query<UnroutedResponse, string>({
      query: (date) => ({ url: 'routes/unrouted', params: { date } }),
      providesTags: [DAY],
    }),
    getRoute: build.query<RouteResponse, string>({
      query: (id) => `route/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: ROUTE, id }],
    }),
    loadSheet: build.query<LoadSheetResponse, string>({
      query: (id) => `route/${encodeURIComponent(id)}/load-sheet`,
      providesTags: (_result, _error, id) => [{ type: ROUTE, id }],
    }),
    /** The route sheet: stops in order and the load sheet, as a PDF file. */
    routePdf: build.mutation<DownloadedFile, RouteSummary>({
      query: (route) => ({
        url: `route/${encodeURIComponent(route.id)}/pdf`,
        responseHandler: fileResponse(`route_${route.name.replace(/[^A-Za-z0-9]+/g, '_')}_${route.date}.pdf`),
      }),
    }),
    /** `idempotencyKey`: one per dialog, so a double-clicked Create plans one route. */
    createRoute: build.mutation<RouteResponse, { body: CreateRouteBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: 'routes',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: [DAY],
    }),
    updateRoute: build.mutation<RouteResponse, { id: string; body: UpdateRouteBody }>({
      query: ({ id, body }) => ({ url: `route/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => touched(id),
    }),
    addStops: build.mutation<RouteResponse, { id: string; body: AddStopsBody }>({
      query: ({ id, body }) => ({ url: `route/${encodeURIComponent(id)}/stops`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => touched(id),
    }),
    removeStop: build.mutation<RouteResponse, { id: string; stopId: string }>({
      query: ({ id, stopId }) => ({
        url: `route/${encodeURIComponent(id)}/stop/${encodeURIComponent(stopId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { id }) => touched(id),
    }),
    reorderStops: build.mutation<RouteResponse, { id: string; stopIds: string[] }>({
      query: ({ id, stopIds }) => ({
        url: `route/${encodeURIComponent(id)}/stops/order`,
        method: 'PUT',
        body: { stop_ids: stopIds },
      }),
      // the new order shows at once; the answer confirms it (or the route is read again on an error)
      async onQueryStarted({ id, stopIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          routesApi.util.updateQueryData('getRoute', id, (route) => {
            const byId = new Map(route.stop_list.map((stop) => [stop.id, stop]));
            route.stop_list = stopIds.flatMap((stopId, i) => {
              const stop = byId.get(stopId);
              return stop ? [{ ...stop, position: i + 1 }] : [];
            });
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, { id }) => touched(id),
    }),
    suggestOrder: build.mutation<RouteResponse, string>({
      query: (id) => ({ url: `route/${encodeURIComponent(id)}/stops/suggest-order`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => touched(id),
    }),
    closeRoute: build.mutation<RouteResponse, string>({
      query: (id) => ({ url: `route/${encodeURIComponent(id)}/close`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => touched(id),
    }),
  }),
});

export const {
  useDayRoutesQuery,
  useUnroutedQuery,
  useGetRouteQuery,
  useLoadSheetQuery,
  useRoutePdfMutation,
  useCreateRouteMutation,
  useUpdateRouteMutation,
  useAddStopsMutation,
  useRemoveStopMutation,
  useReorderStopsMutation,
  useSuggestOrderMutation,
  useCloseRouteMutation,
} = routesApi;
