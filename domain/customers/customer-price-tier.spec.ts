import { companyDecider } from '../companies/company.decide.js';
import {
  aBaseTierAdded,
  aCompanyRegistered,
  aPriceTierAdded,
  aPriceTierRemoved,
  aRemovePriceTier,
  BASE_TIER_ID,
  tieredPricingOn,
  TIER_ID,
} from '../companies/company.fixtures.js';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/decider-spec.js';
import type { MoveCustomerPriceTier } from './customer.commands.js';
import { customerDecider } from './customer.decide.js';
import {
  aCustomerCreated,
  aCustomerRemoved,
  CUSTOMER_ID,
  LATER,
  metadata,
  NOW,
} from './customer.fixtures.js';
import { removePriceTierWithCustomers } from './customer-price-tier.js';

const given = deciderSpec(customerDecider);
const REMOVED_TIER = '6f1c0000-0000-4000-8000-0000000000a2';
const BASE_TIER = '6f1c0000-0000-4000-8000-0000000000a1';

const aMove = (meta = {}): MoveCustomerPriceTier => ({
  type: 'MoveCustomerPriceTier',
  data: { customerId: CUSTOMER_ID, fromTierId: REMOVED_TIER, toTierId: BASE_TIER },
  metadata: metadata({ now: LATER, ...meta }),
});

describe('Customer on a removed price tier', () => {
  it('moves to the tier the removal names', () =>
    given([aCustomerCreated({ productPriceTierId: REMOVED_TIER })])
      .when(aMove())
      .then([
        {
          type: 'CustomerPriceTierChanged',
          data: {
            customerId: CUSTOMER_ID,
            companyId: 'co-1',
            productPriceTierId: BASE_TIER,
            previousPriceTierId: REMOVED_TIER,
            changedAt: LATER,
          },
        },
      ]));

  it('stays where it is when it left that tier meanwhile, or was removed', () => {
    given([aCustomerCreated({ productPriceTierId: BASE_TIER })])
      .when(aMove())
      .then([]);
    given([aCustomerCreated({ productPriceTierId: REMOVED_TIER }), aCustomerRemoved()])
      .when(aMove())
      .then([]);
  });

  it("is never moved by another company's removal", () =>
    given([aCustomerCreated({ productPriceTierId: REMOVED_TIER })])
      .when(aMove({ companyId: 'co-2' }))
      .then([]));
});

describe('A price tier removed with its customers', () => {
  const company = fold(companyDecider, companyEventsWithTier());
  const onTier = (customerId: string) => ({
    customerId,
    state: fold(customerDecider, [aCustomerCreated({ customerId, productPriceTierId: TIER_ID })]),
  });

  it('removes the tier and moves each customer still on it to the tier the removal names', () => {
    const moved = onTier(CUSTOMER_ID);
    const left = {
      customerId: 'cu-2',
      state: fold(customerDecider, [
        aCustomerCreated({ customerId: 'cu-2', productPriceTierId: BASE_TIER_ID }),
      ]),
    };
    expect(removePriceTierWithCustomers(aRemovePriceTier(), company, [moved, left])).toEqual({
      company: [aPriceTierRemoved()],
      customers: [
        [
          {
            type: 'CustomerPriceTierChanged',
            data: {
              customerId: CUSTOMER_ID,
              companyId: 'co-1',
              productPriceTierId: BASE_TIER_ID,
              previousPriceTierId: TIER_ID,
              changedAt: NOW,
            },
          },
        ],
        [],
      ],
    });
  });

  it('moves nobody when the company refuses the removal', () =>
    expect(() =>
      removePriceTierWithCustomers(
        aRemovePriceTier(),
        fold(companyDecider, [...companyEventsWithTier(), aPriceTierRemoved()]),
        [onTier(CUSTOMER_ID)],
      ),
    ).toThrow('Price tier not found'));
});

function companyEventsWithTier() {
  return [aCompanyRegistered(), tieredPricingOn(), aBaseTierAdded(), aPriceTierAdded()];
}
