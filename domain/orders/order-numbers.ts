/**
 * The `order-numbers-{companyId}` stream: order numbers per company, unique and gapless. Appended atomically with
 * the order it numbers (the same technique as invoice numbers), so concurrent placements never share or skip one.
 * Its state is one integer: bounded however long the company lives.
 */
export interface OrderNumberAssigned {
  type: 'OrderNumberAssigned';
  data: { orderId: string; number: number; assignedAt: string };
}

export type OrderNumberEvent = OrderNumberAssigned;

export interface OrderNumbers {
  /** The last number given (0: none yet). */
  last: number;
}

export const initialState = (): OrderNumbers => ({ last: 0 });

export function evolve(state: OrderNumbers, event: OrderNumberEvent): OrderNumbers {
  switch (event.type) {
    case 'OrderNumberAssigned':
      return { last: Math.max(state.last, event.data.number) };
    default:
      return state;
  }
}

export const orderNumbersDecider = { evolve, initialState };

export const orderNumbersStream = (companyId: string) => `order-numbers-${companyId}`;

export const nextOrderNumber = (state: OrderNumbers): number => state.last + 1;
