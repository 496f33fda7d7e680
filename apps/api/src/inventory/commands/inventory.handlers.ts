import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { inventoryDecider } from '#domain/inventory/inventory.decide.js';
import { inventoryError, inventoryInvalidValue } from '#domain/inventory/inventory.errors.js';
import { inventoryStream } from '#domain/inventory/inventory.events.js';
import { toNumber } from '#domain/shared/field-rules.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import { WAITS_FOR } from '../../read-your-writes.js';
import { AdjustInventoryCommand, RestockInventoryCommand, type RestockResult } from './inventory.commands.js';
import { restockDecision } from './inventory.decisions.js';

/**
 * A restock: every product must be a current product of the company (else 404, never another company's). The
 * restock's id comes from the Idempotency-Key (per company and user), so a retried Save finds its stream and adds
 * nothing again. It answers the list of the saved rows: each one's qty now and the units the restock added to it.
 */
@CommandHandler(RestockInventoryCommand)
export class RestockInventoryHandler implements ICommandHandler<RestockInventoryCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ data, idempotencyKey, metadata }: RestockInventoryCommand): Promise<RestockResult> {
    const ids = [...new Set(data.items.map((item) => item.productId.toLowerCase()))];
    await this.currentProducts(metadata.companyId, ids);
    const restockId = idempotentId(metadata.companyId, `restock:${metadata.userId ?? ''}`, idempotencyKey);
    const items = data.items.map((item) => ({ ...item, productId: item.productId.toLowerCase() }));
    const command = { type: 'RestockInventory' as const, data: { ...data, items, restockId }, metadata };
    await this.events.run(restockDecision(command), metadata);
    return this.saved(metadata.companyId, ids, items);
  }

  /** Every product must be a current product of the company (else 404, never another company's). */
  private async currentProducts(companyId: string, ids: string[]): Promise<void> {
    const known = await tenantQuery<{ id: string }>(
      this.pool,
      companyId,
      `SELECT id FROM rm_product WHERE company_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL`,
      [ids],
    );
    if (known.length !== ids.length) throw inventoryError('INVENTORY_PRODUCT_NOT_FOUND');
  }

  /** The saved rows: each one's qty now and the units the restock added to it. */
  private async saved(
    companyId: string,
    ids: string[],
    items: { productId: string; qty: unknown }[],
  ): Promise<RestockResult> {
    const rows = await tenantQuery<{ id: string; product: string; qty: string }>(
      this.pool,
      companyId,
      `SELECT i.id, p.product, i.qty::text FROM rm_inventory i JOIN rm_product p ON p.id = i.id
        WHERE i.company_id = $1 AND i.id = ANY($2::uuid[]) ORDER BY p.product, i.id`,
      [ids],
    );
    const added = new Map<string, number>();
    for (const item of items)
      added.set(item.productId, (added.get(item.productId) ?? 0) + (toNumber(item.qty) ?? 0));
    return rows.map((row) => ({
      id: row.id,
      product_id: row.id,
      product: row.product,
      qty: Number(row.qty),
      restocked: added.get(row.id) ?? 0,
    }));
  }
}

const COLUMN = {
  qty: 'qty',
  distributor: 'distributor',
  reorder_level: 'reorder_level',
  reorder_qty: 'reorder_qty',
  reorder_time_in_days: 'reorder_time_in_days',
} as const;

/** A cell edit of a current product's inventory row (404 for any other id). */
@CommandHandler(AdjustInventoryCommand)
export class AdjustInventoryHandler implements ICommandHandler<AdjustInventoryCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ data, metadata }: AdjustInventoryCommand): Promise<void> {
    const [row] = await tenantQuery<{ value: string | number | null }>(
      this.pool,
      metadata.companyId,
      `SELECT i.${COLUMN[data.field]}${data.field === 'qty' ? '::float8' : ''} AS value
         FROM rm_inventory i JOIN rm_product p ON p.id = i.id AND p.company_id = i.company_id
        WHERE i.company_id = $1 AND i.id = $2 AND p.deleted_at IS NULL AND NOT p.archived`,
      [data.productId],
    );
    if (!row) throw inventoryError('INVENTORY_PRODUCT_NOT_FOUND');
    const old = oldValue(data, row.value);
    // The product's inventory stream keeps no state a decision needs: decided on the empty state and appended
    // whatever the stream's revision, so an edit never costs more as the stream grows.
    const events = inventoryDecider.decide(
      {
        type: 'AdjustInventory',
        data: { productId: data.productId, field: data.field, value: data.value, old },
        metadata,
      },
      inventoryDecider.initialState(),
    );
    if (events.length > 0)
      await this.events.append(
        [{ stream: inventoryStream(data.productId), expected: 'any', events }],
        metadata,
        { waitFor: WAITS_FOR.inventory },
      );
  }
}

/** The value the user saw (default: the row's); a number field's text ("10") compares as its number. */
function oldValue(
  data: AdjustInventoryCommand['data'],
  value: string | number | null,
): number | string | null {
  if (data.old === undefined) return data.field === 'qty' && value !== null ? Number(value) : value;
  if (data.field === 'distributor') {
    if (data.old !== null && typeof data.old !== 'string')
      throw inventoryInvalidValue([{ field: 'old', message: 'old must be text' }]);
    return data.old === null || data.old.trim() === '' ? null : data.old.trim();
  }
  if (data.old === null || data.old === '') {
    if (data.field === 'qty')
      throw inventoryInvalidValue([{ field: 'old', message: 'old must be a number' }]);
    return null;
  }
  const number = toNumber(data.old);
  if (number === undefined) throw inventoryInvalidValue([{ field: 'old', message: 'old must be a number' }]);
  return number;
}
