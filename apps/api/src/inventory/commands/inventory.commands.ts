import { Command } from '@nestjs/cqrs';
import type { RestockAnswer } from '#domain/contracts/inventory.contract.js';
import type { AdjustInventory, RestockInventory } from '#domain/inventory/inventory.commands.js';
import type { InventoryField } from '#domain/inventory/inventory.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** PUT /inventory: the saved rows, each with its qty now and the units this restock added to it. */
export type RestockResult = RestockAnswer;

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
