import type { RestockInventory } from '#domain/inventory/inventory.commands.js';
import { inventoryDecider } from '#domain/inventory/inventory.decide.js';
import { inventoryRestockStream } from '#domain/inventory/inventory.events.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * The inventory writes, declared: the streams each decides over, its domain decision and the read models its answer
 * waits for. (A cell edit is decided on the empty state and appended whatever the product stream's revision: see
 * AdjustInventoryHandler.)
 */

/** POST /inventory/restock: the restock's own stream, named by its id, so a retried Save adds nothing again. */
export function restockDecision(command: RestockInventory) {
  return declareDecision({
    streams: {
      restock: streamDecision(inventoryRestockStream(command.data.restockId), inventoryDecider),
    },
    decide: ({ restock }) => ({ restock: inventoryDecider.decide(command, restock) }),
    waitFor: WAITS_FOR.inventory,
  });
}
