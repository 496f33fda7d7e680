import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type {
  CustomerUserResponse,
  InviteCustomerUserBody,
  InviteCustomerUserResponse,
  OrderCountResponse,
  OrderDetailResponse,
  OrderGridRow,
  ReviewOrderItemBody,
  UpdateOrderBody,
} from '#domain/contracts/order.contract';

/** The shapes of orders and customer users, one home for the API and the web: domain/contracts/order.contract.ts. */
export type {
  CustomerUserResponse as CustomerUser,
  OrderDetailResponse,
  OrderGridRow,
  OrderItemResponse,
  OrderResponse,
} from '#domain/contracts/order.contract';

const ORDERS = { type: 'Order', id: 'LIST' } as const;
const CUSTOMER_USERS = { type: 'CustomerUser', id: 'LIST' } as const;

export const ordersApi = api
  .enhanceEndpoints({ addTagTypes: ['Order', 'CustomerUser', 'Invoice'] })
  .injectEndpoints({
    endpoints: (build) => ({
      orderGrid: build.query<GridPage<OrderGridRow>, GridQueryArgs>({
        query: (params) => ({ url: 'order/grid', params }),
        providesTags: [ORDERS],
      }),
      /** The side navigation's badge: placed orders, looked at again every 30 s. */
      orderCount: build.query<OrderCountResponse, void>({
        query: () => 'order/count',
        providesTags: [ORDERS],
      }),
      getOrder: build.query<OrderDetailResponse, string>({
        query: (number) => `order/${encodeURIComponent(number)}`,
        providesTags: (_result, _error, number) => [{ type: 'Order', id: number }, ORDERS],
      }),
      updateOrder: build.mutation<OrderDetailResponse, { id: string; body: UpdateOrderBody }>({
        query: ({ id, body }) => ({ url: `order/${id}`, method: 'PUT', body }),
        invalidatesTags: [ORDERS, 'Order'],
      }),
      reviewOrderItem: build.mutation<
        OrderDetailResponse,
        { id: string; line: number; body: ReviewOrderItemBody }
      >({
        query: ({ id, line, body }) => ({ url: `order/${id}/item/${line}`, method: 'PUT', body }),
        invalidatesTags: [ORDERS, 'Order'],
      }),
      /** The public view (no sign-in): GET /pdf/order/{token}. */
      publicOrder: build.query<OrderDetailResponse, string>({
        query: (token) => `pdf/order/${encodeURIComponent(token)}`,
      }),
      /** GET /pdf/order/{token}/file: the order printed by the server (`order_{number}_{dd_MMM_yyyy}.pdf`). */
      publicOrderFile: build.mutation<DownloadedFile, string>({
        query: (token) => ({
          url: `pdf/order/${encodeURIComponent(token)}/file`,
          responseHandler: fileResponse('order.pdf'),
        }),
      }),
      orderLink: build.mutation<{ token: string; url: string; expires_at: string }, string>({
        query: (id) => ({ url: `order/${id}/link`, method: 'POST' }),
      }),
      customerUsers: build.query<CustomerUserResponse[], string | undefined>({
        query: (customerId) => (customerId ? `customer/${customerId}/user` : 'customer/all-users'),
        providesTags: [CUSTOMER_USERS],
      }),
      inviteCustomerUser: build.mutation<InviteCustomerUserResponse, InviteCustomerUserBody>({
        query: (body) => ({ url: 'customer/user-invitation', method: 'POST', body }),
        invalidatesTags: [CUSTOMER_USERS],
      }),
      setCustomerUserPermission: build.mutation<
        CustomerUserResponse,
        { customerUser: string; permission: boolean }
      >({
        query: (body) => ({ url: 'customer/user-permission', method: 'PUT', body }),
        invalidatesTags: [CUSTOMER_USERS],
      }),
      revokeCustomerUser: build.mutation<CustomerUserResponse, { customerUser: string; revoke: boolean }>({
        query: (body) => ({ url: 'customer/user-invitation-revoke', method: 'PUT', body }),
        invalidatesTags: [CUSTOMER_USERS],
      }),
    }),
  });

export const {
  useOrderGridQuery,
  useOrderCountQuery,
  useGetOrderQuery,
  usePublicOrderQuery,
  usePublicOrderFileMutation,
  useOrderLinkMutation,
  useUpdateOrderMutation,
  useReviewOrderItemMutation,
  useCustomerUsersQuery,
  useInviteCustomerUserMutation,
  useSetCustomerUserPermissionMutation,
  useRevokeCustomerUserMutation,
} = ordersApi;
