import { deciderSpec } from '../shared/decider-spec.js';
import type { MoveCustomerPriceTier } from './customer.commands.js';
import { customerDecider } from './customer.decide.js';
import { aCustomerCreated, aCustomerRemoved, CUSTOMER_ID, LATER, metadata } from './customer.fixtures.js';

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
