import { assertNever, type Decider } from '../shared/decider.js';
import { isBlank, toNumber, type FieldProblem } from '../shared/field-rules.js';
import { centsOf } from '../shared/money.js';
import type { AdjustInventory, InventoryCommand, RestockInventory } from './inventory.commands.js';
import { inventoryInvalidValue, INVENTORY_MESSAGES, restockInvalid } from './inventory.errors.js';
import type {
  InventoryAdjusted,
  InventoryEvent,
  InventoryRestocked,
  RestockLine,
} from './inventory.events.js';
import { MAX_DISTRIBUTOR, MAX_QTY, MAX_REFERENCE, numericCell } from './inventory.rules.js';

/**
 * The streams inventory decides on hold no counter (stock is a projection): a restock stream only knows whether
 * its restock happened, a product's inventory stream nothing. Decisions check the input and state the facts.
 */
export interface InventoryState {
  restocked: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function restock({ data, metadata }: RestockInventory, state: InventoryState): InventoryRestocked[] {
  if (state.restocked) return []; // a retried Save: added once
  const problems: FieldProblem[] = [];
  if (data.items.length === 0) problems.push({ field: 'items', message: INVENTORY_MESSAGES.noItems });
  if (!isBlank(data.reference) && typeof data.reference !== 'string')
    problems.push({ field: 'ref_number', message: 'ref_number must be text' });
  else if (text(data.reference).length > MAX_REFERENCE)
    problems.push({ field: 'ref_number', message: `ref_number must be at most ${MAX_REFERENCE} characters` });
  if (!isBlank(data.distributor) && typeof data.distributor !== 'string')
    problems.push({ field: 'distributor', message: 'distributor must be text' });
  else if (text(data.distributor).length > MAX_DISTRIBUTOR)
    problems.push({
      field: 'distributor',
      message: `distributor must be at most ${MAX_DISTRIBUTOR} characters`,
    });

  const byProduct = new Map<string, RestockLine>();
  data.items.forEach((item, i) => {
    const qty = toNumber(item.qty);
    if (qty === undefined || !Number.isInteger(qty) || qty < 1 || qty > MAX_QTY) {
      problems.push({ field: `items[${i}].qty`, message: 'qty must be a whole number of at least 1' });
      return;
    }
    const cost = isBlank(item.itemCost) ? 0 : centsOf(item.itemCost);
    if (cost === undefined || cost < 0) {
      problems.push({ field: `items[${i}].item_cost`, message: 'Item Cost must be an amount of at least 0' });
      return;
    }
    // The same product twice in one list: one line with both quantities (the later cost).
    const before = byProduct.get(item.productId);
    byProduct.set(item.productId, {
      productId: item.productId,
      qty: (before?.qty ?? 0) + qty,
      itemCostCents: cost,
    });
  });
  if (problems.length > 0) throw restockInvalid(problems);

  return [
    {
      type: 'InventoryRestocked',
      data: {
        restockId: data.restockId,
        companyId: metadata.companyId,
        distributor: isBlank(data.distributor) ? null : text(data.distributor),
        reference: text(data.reference),
        items: [...byProduct.values()],
        restockedBy: metadata.userId,
        restockedAt: metadata.now,
      },
    },
  ];
}

function adjust({ data, metadata }: AdjustInventory): InventoryAdjusted[] {
  let newValue: number | string | null;
  if (data.field === 'distributor') {
    if (!isBlank(data.value) && typeof data.value !== 'string')
      throw inventoryInvalidValue([{ field: 'distributor', message: 'distributor must be text' }]);
    if (text(data.value).length > MAX_DISTRIBUTOR)
      throw inventoryInvalidValue([
        { field: 'distributor', message: `distributor must be at most ${MAX_DISTRIBUTOR} characters` },
      ]);
    newValue = isBlank(data.value) ? null : text(data.value);
  } else {
    const checked = numericCell(data.field, data.value);
    if (typeof checked !== 'number') throw inventoryInvalidValue([checked]);
    newValue = checked;
  }
  if (newValue === data.old) return []; // an unchanged value does nothing
  return [
    {
      type: 'InventoryAdjusted',
      data: {
        productId: data.productId,
        companyId: metadata.companyId,
        field: data.field,
        oldValue: data.old,
        newValue,
        adjustedBy: metadata.userId,
        adjustedAt: metadata.now,
      },
    },
  ];
}

export const inventoryDecider: Decider<InventoryState, InventoryCommand, InventoryEvent> = {
  initialState: () => ({ restocked: false }),
  evolve: (state, event) => (event.type === 'InventoryRestocked' ? { restocked: true } : state),
  decide: (command, state) => {
    switch (command.type) {
      case 'RestockInventory':
        return restock(command, state);
      case 'AdjustInventory':
        return adjust(command);
      default:
        return assertNever(command);
    }
  },
};
