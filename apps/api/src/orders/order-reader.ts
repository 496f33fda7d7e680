import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  OrderDetailResponse,
  OrderGridRow,
  OrderItemResponse,
  OrderResponse,
  ShopDraftDetailResponse,
  ShopDraftResponse,
} from '#domain/contracts/order.contract.js';
import { orderError } from '#domain/orders/order.errors.js';
import { invoicedPerLine } from '#domain/orders/order-lines.js';
import { ORDER_STATUS_LABELS } from '#domain/orders/order-status.js';
import type { DraftOrderState, LiveOrder, ReviewedItem } from '#domain/orders/order.state.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { dollarsOf } from '#domain/shared/money.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import type { GridInput, GridResult } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { runOrderGrid } from './order.grid.js';
import { customerCatalogue } from './shop/shop-catalogue.js';
import { prepared } from '#infra/db/database.js';

type DraftRowRead = {
  id: string;
  status: ShopDraftResponse['status'];
  units: number;
  state: DraftOrderState;
  created_at: Date;
  updated_at: Date;
};

/** How many open drafts the ordering app lists (newest first). */
export const MAX_LISTED_DRAFTS = 100;

export function draftResponse(row: DraftRowRead): ShopDraftResponse {
  const { state } = row;
  return {
    id: row.id,
    status: row.status,
    status_label: ORDER_STATUS_LABELS[row.status],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    units: row.units,
    note: state.note,
    items: state.items.map((item) => ({
      line: item.lineNo,
      product_id: item.productId,
      product: {
        id: item.productId,
        product: item.name,
        product_size: item.size,
        product_type: item.type,
        upc: item.upc,
      },
      qty: item.qty,
    })),
    customerUser: { id: state.customerUser.id, name: state.customerUser.name },
  };
}

type OrderRowRead = {
  id: string;
  state: LiveOrder;
  created_at: Date;
  updated_at: Date;
  company_name: string | null;
};

function itemResponse(item: ReviewedItem, invoicedQty: number): OrderItemResponse {
  const qtyChanged = item.previousQty !== null;
  const priceChanged = item.previousPriceCents !== null;
  return {
    line: item.lineNo,
    product_id: item.productId,
    product: {
      id: item.productId,
      product: item.name,
      product_size: item.size,
      product_type: item.type,
      upc: item.upc,
    },
    qty: item.qty,
    price: dollarsOf(item.priceCents),
    total: item.rejected ? 0 : dollarsOf(item.priceCents * item.qty),
    is_rejected: item.rejected,
    rejection_note: item.rejectionNote,
    is_added: false,
    new_qty: qtyChanged ? item.qty : null,
    previous_qty: item.previousQty,
    qty_change_note: item.qtyChangeNote,
    new_price: priceChanged ? dollarsOf(item.priceCents) : null,
    previous_price: item.previousPriceCents === null ? null : dollarsOf(item.previousPriceCents),
    price_change_note: item.priceChangeNote,
    invoiced_qty: invoicedQty,
  };
}

export function orderResponse(
  state: LiveOrder,
  meta: { createdAt: string; updatedAt: string; companyName: string },
): OrderResponse {
  const invoiced = invoicedPerLine(
    state.items.map((item) => ({ productId: item.productId, qty: item.qty, rejected: item.rejected })),
    state.invoicedQty,
  );
  const items = state.items.map((item, index) => itemResponse(item, invoiced[index] ?? 0));
  return {
    id: state.id,
    order_number: state.number,
    status: state.orderStatus,
    status_label: ORDER_STATUS_LABELS[state.orderStatus],
    created_at: meta.createdAt,
    ordered_at: state.placedAt,
    updated_at: meta.updatedAt,
    total: dollarsOf(state.items.reduce((sum, i) => (i.rejected ? sum : sum + i.priceCents * i.qty), 0)),
    units: state.items.reduce((sum, i) => (i.rejected ? sum : sum + i.qty), 0),
    note: state.notes.map((note) => ({ note: note.note, created_at: note.at, company_user_id: note.userId })),
    orderItems: items,
    invoices: state.invoices.map((invoice) => ({ id: invoice.invoiceId, number: invoice.number })),
    customerUser: { id: state.customerUser.id, name: state.customerUser.name, customer: state.customer },
    company: { id: state.companyId, name: meta.companyName },
  };
}

/** Reads orders from `rm_order`, always within one company. */
@Injectable()
export class OrderReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** An order by id or by number, of this company (another company's: 404). */
  async row(companyId: string, idOrNumber: string): Promise<OrderRowRead> {
    const byId = isUuid(idOrNumber);
    if (!byId && !/^\d{1,9}$/.test(idOrNumber)) throw orderError('ORDER_NOT_FOUND');
    const [row] = await tenantQuery<OrderRowRead>(
      this.pool,
      companyId,
      prepared(`SELECT o.id, o.state, o.created_at, o.updated_at, co.name AS company_name
       FROM rm_order o LEFT JOIN rm_company co ON co.id = o.company_id
       WHERE o.company_id = $1 AND ${byId ? 'o.id = $2::uuid' : 'o.number = $2::int'}`),
      [idOrNumber.toLowerCase()],
    );
    if (!row) throw orderError('ORDER_NOT_FOUND');
    return row;
  }

  async detail(companyId: string, idOrNumber: string): Promise<OrderDetailResponse> {
    const row = await this.row(companyId, idOrNumber);
    const order = orderResponse(row.state, {
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      companyName: row.company_name ?? '',
    });
    return {
      order,
      modifiedOrderItems: order.orderItems.filter(
        (item) => item.is_rejected || item.new_qty !== null || item.new_price !== null,
      ),
    };
  }

  async count(companyId: string): Promise<{ count: number }> {
    const [row] = await tenantQuery<{ count: string }>(
      this.pool,
      companyId,
      `SELECT count(*) AS count FROM rm_order WHERE company_id = $1 AND status = 'placed'`,
    );
    return { count: Number(row?.count ?? 0) };
  }

  async grid(companyId: string, params: GridInput): Promise<GridResult<OrderGridRow>> {
    const result = await runOrderGrid<
      Omit<OrderGridRow, 'invoices'> & { invoices: { invoiceId: string; number: string }[] | null }
    >(this.pool, params, companyId);
    return {
      count: result.count,
      rows: result.rows.map((row) => ({
        ...row,
        invoices: (row.invoices ?? []).map((invoice) => ({ id: invoice.invoiceId, number: invoice.number })),
      })),
    };
  }

  /** The ordering app: the orders of one customer, newest first. */
  async forCustomer(companyId: string, customerId: string): Promise<OrderResponse[]> {
    const rows = await tenantQuery<OrderRowRead>(
      this.pool,
      companyId,
      prepared(`SELECT o.id, o.state, o.created_at, o.updated_at, co.name AS company_name
       FROM rm_order o LEFT JOIN rm_company co ON co.id = o.company_id
       WHERE o.company_id = $1 AND o.customer_id = $2::uuid ORDER BY o.created_at DESC NULLS LAST, o.number DESC LIMIT 200`),
      [customerId],
    );
    return rows.map((row) =>
      orderResponse(row.state, {
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        companyName: row.company_name ?? '',
      }),
    );
  }

  /** The ordering app: one order of this customer (another customer's or company's, or a draft: not found). */
  async ofCustomer(companyId: string, customerId: string, id: string): Promise<OrderResponse> {
    if (!isUuid(id)) throw orderError('ORDER_NOT_FOUND');
    const [row] = await tenantQuery<OrderRowRead>(
      this.pool,
      companyId,
      prepared(`SELECT o.id, o.state, o.created_at, o.updated_at, co.name AS company_name
       FROM rm_order o LEFT JOIN rm_company co ON co.id = o.company_id
       WHERE o.company_id = $1 AND o.id = $2::uuid AND o.customer_id = $3::uuid`),
      [id.toLowerCase(), customerId],
    );
    if (!row) throw orderError('ORDER_NOT_FOUND');
    return orderResponse(row.state, {
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      companyName: row.company_name ?? '',
    });
  }

  /** The ordering app: the customer's open drafts, newest first (rm_order_draft, by its partial index). */
  async drafts(companyId: string, customerId: string): Promise<ShopDraftResponse[]> {
    const rows = await tenantQuery<DraftRowRead>(
      this.pool,
      companyId,
      `SELECT id, status, units, state, created_at, updated_at FROM rm_order_draft
       WHERE company_id = $1 AND customer_id = $2::uuid AND status = 'draft'
       ORDER BY updated_at DESC, id LIMIT ${MAX_LISTED_DRAFTS}`,
      [customerId],
    );
    return rows.map(draftResponse);
  }

  /** One draft of this customer, in any status; another customer's (or company's) is not found. */
  async draft(companyId: string, customerId: string, id: string): Promise<ShopDraftResponse> {
    if (!isUuid(id)) throw orderError('ORDER_NOT_FOUND');
    const [row] = await tenantQuery<DraftRowRead>(
      this.pool,
      companyId,
      `SELECT id, status, units, state, created_at, updated_at FROM rm_order_draft
       WHERE company_id = $1 AND id = $2::uuid AND customer_id = $3::uuid`,
      [id.toLowerCase(), customerId],
    );
    if (!row) throw orderError('ORDER_NOT_FOUND');
    return draftResponse(row);
  }

  /** The draft with this customer's price of each product today (the cart it opens into). */
  async draftWithPrices(
    companyId: string,
    customerId: string,
    id: string,
    now: string,
  ): Promise<ShopDraftDetailResponse> {
    const draft = await this.draft(companyId, customerId, id);
    const ids = [...new Set(draft.items.map((item) => item.product_id))];
    const offered = new Map(
      (await customerCatalogue(this.pool, companyId, customerId, now, { ids, limit: ids.length + 1 })).map(
        (product) => [product.id, product.priceCents],
      ),
    );
    const items = draft.items.map((item) => {
      const cents = offered.get(item.product_id);
      return { ...item, price: cents === undefined ? null : dollarsOf(cents) };
    });
    const totalCents = draft.items.reduce(
      (sum, item) => sum + (offered.get(item.product_id) ?? 0) * item.qty,
      0,
    );
    return { ...draft, items, total: dollarsOf(totalCents) };
  }
}
