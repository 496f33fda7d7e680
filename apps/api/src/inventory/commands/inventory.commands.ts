import { Command } from '@nestjs/cqrs';
import type { AdjustInventory, RestockInventory } from '#domain/inventory/inventory.commands.js';
import type { InventoryField } from '#domain/inventory/inventory.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

export interface RestockResult {
  /** Units added and items restocked ('Added {n} units of {m} items'). */
  units: number;
  items: number;
  /** The saved rows with their qty now. */
  rows: { id: string; product: string; qty: number }[];
}

export class RestockInventoryCommand extends Command<RestockResult> {
  constructor(
    readonly data: Omit<RestockInventory['data'], 'restockId'>,
    readonly idempotencyKey: string | undefined,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

export class AdjustInventoryCommand extends Command<void> {
  constructor(
    readonly data: { productId: string; field: InventoryField; value: unknown; old?: unknown },
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

export type { AdjustInventory };
