import type { RemovePriceTier } from '../companies/company.commands.js';
import { companyDecider } from '../companies/company.decide.js';
import type { PriceTierRemoved } from '../companies/company.events.js';
import type { Company } from '../companies/company.state.js';
import { customerDecider } from './customer.decide.js';
import type { CustomerPriceTierChanged } from './customer.events.js';
import type { Customer } from './customer.state.js';

/**
 * A price tier removed with its customers: the company removes the tier (naming the tier its customers move to),
 * then each customer still on the removed tier moves to that one. A refused removal moves nobody.
 */
export function removePriceTierWithCustomers(
  command: RemovePriceTier,
  company: Company,
  customers: readonly { customerId: string; state: Customer }[],
): { company: PriceTierRemoved[]; customers: CustomerPriceTierChanged[][] } {
  const removed = companyDecider.decide(command, company) as PriceTierRemoved[];
  const toTierId = removed[0]?.data.migratedToTierId;
  if (!toTierId) return { company: removed, customers: customers.map(() => []) };
  const { tierId: fromTierId } = command.data;
  return {
    company: removed,
    customers: customers.map(
      ({ customerId, state }) =>
        customerDecider.decide(
          {
            type: 'MoveCustomerPriceTier',
            data: { customerId, fromTierId, toTierId },
            metadata: command.metadata,
          },
          state,
        ) as CustomerPriceTierChanged[],
    ),
  };
}
