import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import type { CompanyCommand } from './company.commands.js';
import { companyDecider } from './company.decide.js';
import type { CompanyEvent } from './company.events.js';
import {
  aBaseTierAdded,
  aChoosePriceTierBase,
  aCompanyRegistered,
  aFeatureDeactivated,
  anAddPriceTier,
  anUpdatePriceTier,
  aPriceTierAdded,
  aPriceTierRemoved,
  aPriceTierUpdated,
  aRemovePriceTier,
  BASE_TIER_ID,
  NOW,
  tieredPricingOn,
  TIER_ID,
} from './company.fixtures.js';
import { PRICE_TIER_COLOR_NAMES } from './price-tier.rules.js';

const given = deciderSpec(companyDecider);
const TIER_2 = '6f1c0000-0000-4000-8000-0000000000a3';

function problems(events: CompanyEvent[], command: CompanyCommand) {
  try {
    companyDecider.decide(command, fold(companyDecider, events));
  } catch (error) {
    if (error instanceof DomainError) return error.details ?? [];
    throw error;
  }
  throw new Error('the command was accepted');
}

describe('Price tiers', () => {
  const on = [aCompanyRegistered(), tieredPricingOn()];
  const withTier = [...on, aBaseTierAdded(), aPriceTierAdded()];

  it('need the tiered pricing feature', () => {
    const message =
      'The Tiered Pricing feature is not active for your company. You can activate it, or request access, on the Feature Extensions page.';
    given([aCompanyRegistered()]).when(anAddPriceTier()).thenThrows(message);
    given([...withTier, aFeatureDeactivated({ feature: 'tiered_pricing', by: 'provider' })])
      .when(anUpdatePriceTier({ name: 'Gold' }))
      .thenThrows(message);
  });

  it("answer 'not found' to a user of another company", () =>
    given(on)
      .when(anAddPriceTier({}, { companyId: 'co-2' }))
      .thenThrows('Company not found'));

  describe('the first tier', () => {
    it("comes with the base tier (Base, 0 %) and defaults to 'Tier 1', 10 %, the first colour", () =>
      given(on).when(anAddPriceTier()).then([aBaseTierAdded(), aPriceTierAdded()]));

    it('takes the name, percentage (2 decimals) and colour given', () =>
      given(on)
        .when(anAddPriceTier({ name: '  Gold   Club ', percentage: '12.5', color: 'blue' }))
        .then([
          aBaseTierAdded(),
          aPriceTierAdded({ name: 'Gold Club', percentageBasisPoints: 1250, color: 'blue' }),
        ]));
  });

  describe('more tiers', () => {
    it("default to the next free 'Tier n' name and an unused colour; no second base tier", () =>
      given(withTier)
        .when(anAddPriceTier({ tierId: TIER_2 }))
        .then([aPriceTierAdded({ tierId: TIER_2, name: 'Tier 2', color: 'pink' })]));

    it('refuse a name taken already, whatever its case', () =>
      expect(problems(withTier, anAddPriceTier({ tierId: TIER_2, name: 'tier  1' }))).toEqual([
        { field: 'name', message: 'A price tier with this name exists already.' },
      ]));

    it('record nothing for a retried request', () => given(withTier).when(anAddPriceTier()).then([]));

    it('refuse each broken field with its message, all at once', () =>
      expect(
        problems(withTier, anAddPriceTier({ tierId: TIER_2, name: ' ', percentage: -1, color: 'green' })),
      ).toEqual([
        { field: 'name', message: 'Tier name is required.' },
        {
          field: 'percentage',
          message: 'Percentage must be a number from 0 to 1000 with at most 2 decimals.',
        },
        { field: 'color', message: `Color must be one of: ${PRICE_TIER_COLOR_NAMES.join(', ')}.` },
      ]));

    it.each([
      ['percentage 10.005', { percentage: 10.005 }, 'percentage'],
      ['percentage 1000.01', { percentage: '1000.01' }, 'percentage'],
      ['colour light_green', { color: 'light_green' }, 'color'],
      ['colour lime', { color: 'lime' }, 'color'],
    ])('refuse %s', (_, data, field) =>
      expect(problems(withTier, anAddPriceTier({ tierId: TIER_2, ...data })).map((p) => p.field)).toEqual([
        field,
      ]),
    );

    it('offer no green colour', () =>
      expect(PRICE_TIER_COLOR_NAMES.filter((c) => /green|lime|teal/.test(c))).toEqual([]));
  });

  describe('editing', () => {
    it('records the tier as it is after the change', () =>
      given(withTier)
        .when(anUpdatePriceTier({ percentage: 15, color: 'amber' }))
        .then([aPriceTierUpdated({ percentageBasisPoints: 1500, color: 'amber' })]));

    it('records nothing when nothing changed', () =>
      given(withTier)
        .when(anUpdatePriceTier({ name: 'Tier 1', percentage: '10.00' }))
        .then([]));

    it('refuses the base tier', () =>
      given(withTier)
        .when(anUpdatePriceTier({ tierId: BASE_TIER_ID, percentage: 5 }))
        .thenThrows('The base price tier cannot be edited.'));

    it('refuses a tier it does not know', () =>
      given(withTier)
        .when(anUpdatePriceTier({ tierId: TIER_2 }))
        .thenThrows('Price tier not found'));

    it("may keep its own name but not take another tier's", () => {
      const second = aPriceTierAdded({ tierId: TIER_2, name: 'Tier 2', color: 'pink' });
      given([...withTier, second])
        .when(anUpdatePriceTier({ name: 'TIER 1' }))
        .then([aPriceTierUpdated({ name: 'TIER 1' })]);
      expect(problems([...withTier, second], anUpdatePriceTier({ name: 'tier 2' }))).toEqual([
        { field: 'name', message: 'A price tier with this name exists already.' },
      ]);
    });
  });

  describe('removal', () => {
    it('moves its customers to the base tier when no tier is chosen', () =>
      given(withTier).when(aRemovePriceTier()).then([aPriceTierRemoved()]));

    it('moves them to the chosen tier', () =>
      given([...withTier, aPriceTierAdded({ tierId: TIER_2, name: 'Tier 2' })])
        .when(aRemovePriceTier({ migratingTierId: TIER_2 }))
        .then([aPriceTierRemoved({ migratedToTierId: TIER_2 })]));

    it('refuses to move them to the tier removed or to an unknown tier', () => {
      const message = 'The tier to move customers to must be another price tier of the company.';
      expect(problems(withTier, aRemovePriceTier({ migratingTierId: TIER_ID }))).toEqual([
        { field: 'migrating_price_tier_id', message },
      ]);
      expect(problems(withTier, aRemovePriceTier({ migratingTierId: TIER_2 }))).toEqual([
        { field: 'migrating_price_tier_id', message },
      ]);
    });

    it('refuses the base tier', () =>
      given([...withTier, aPriceTierAdded({ tierId: TIER_2, name: 'Tier 2' })])
        .when(aRemovePriceTier({ tierId: BASE_TIER_ID }))
        .thenThrows('The base price tier cannot be removed.'));

    it('needs more than one tier', () =>
      given([...withTier, aPriceTierRemoved()])
        .when(aRemovePriceTier({ tierId: BASE_TIER_ID }))
        .thenThrows('A price tier can be removed only while the company has more than one.'));

    it('refuses a tier removed already', () =>
      given([...withTier, aPriceTierRemoved()])
        .when(aRemovePriceTier())
        .thenThrows('Price tier not found'));
  });

  describe('the tier base', () => {
    it('is the list price until the company chooses the last purchase price', () => {
      given(on)
        .when(aChoosePriceTierBase('last_purchase_price'))
        .then([
          {
            type: 'PriceTierBaseChosen',
            data: { companyId: 'co-1', base: 'last_purchase_price', chosenAt: NOW },
          },
        ]);
      given(on).when(aChoosePriceTierBase('list_price')).then([]);
    });

    it('refuses anything else', () =>
      given(on)
        .when(aChoosePriceTierBase('cost'))
        .thenThrows('Tier base must be one of: list_price, last_purchase_price.'));
  });
});
