import type { StoredEvent } from '#engine';
import type { CompanyEvent } from '#domain/companies/company.events.js';
import {
  aCompanyDetailsUpdated,
  aCompanyRegistered,
  aCompliancePolicyChanged,
  aDefaultLogoChosen,
  aFeatureAccessRequested,
  aFeatureActivated,
  aFeatureDeactivated,
} from '#domain/companies/company.fixtures.js';
import { evolveCompanyRow, type CompanyRow } from './company.projection.js';

const COMPANY = 'co-1';
const stored = (events: CompanyEvent[]): StoredEvent[] =>
  events.map((event, revision) => ({
    ...(event as unknown as { type: string; data: Record<string, unknown> }),
    id: `e-${revision}`,
    streamId: `company-${COMPANY}`,
    revision: BigInt(revision),
    position: BigInt(revision + 1),
    checkpoint: String(revision + 1),
    metadata: { companyId: COMPANY, occurredAt: `2026-11-22T15:00:0${revision}.000Z`, schemaVersion: 1 },
    recordedAt: '2026-11-22T15:00:00.000Z',
  }));
const rowAfter = (events: CompanyEvent[]) =>
  stored(events).reduce<CompanyRow | undefined>((row, event) => evolveCompanyRow(row, event), undefined)!;

describe('Company read model', () => {
  it('keeps the whole compliance policy of the last change', () => {
    const row = rowAfter([
      aCompanyRegistered(),
      aCompliancePolicyChanged({ strictRecords: true }),
      aCompliancePolicyChanged({ extendedStampStatuses: true, licenceGuard: 'blocking' }),
    ]);
    expect(row.compliance).toEqual({
      extendedStampStatuses: true,
      smallFormatStamps: false,
      strictRecords: false,
      creditLaw: 'advisory',
      licenceGuard: 'blocking',
    });
    expect(row.revision).toBe(2);
  });

  it("starts with the spec's defaults and the company incomplete", () =>
    expect(rowAfter([aCompanyRegistered()])).toEqual({
      id: COMPANY,
      company_id: COMPANY,
      name: 'Jane Doe',
      owner_user_id: 'u-1',
      time_zone: 'America/Chicago',
      details_complete: false,
      registered_at: '2026-11-22T15:00:00.000Z',
      updated_at: '2026-11-22T15:00:00.000Z',
      address: '',
      city: '',
      state: 'TX',
      zip: '',
      tabc_id: '',
      subdomain: null,
      default_invoice_note: '',
      starting_invoice_number: 1,
      default_invoice_status: 'invoiced',
      has_fintech: false,
      fintech_id: null,
      show_prices: true,
      sort_inv_products: false,
      stamp_threshold: 500,
      tax_rate: 8.25,
      cash_on_delivery: false,
      payment_terms: 'on_delivery',
      delivery_means: 'own_vehicle',
      carrier_name: '',
      carrier_permit: '',
      default_logo_id: null,
      features: {},
      compliance: null,
      revision: 0,
    }));

  it('takes the details, complete once every required field is filled in', () =>
    expect(
      rowAfter([aCompanyRegistered(), aCompanyDetailsUpdated({ taxRateBasisPoints: 625 })]),
    ).toMatchObject({
      name: 'Lone Star Spirits',
      tabc_id: 'LP123456',
      tax_rate: 6.25,
      details_complete: true,
      revision: 1,
    }));

  it('keeps each feature with its flags, and the default logo', () =>
    expect(
      rowAfter([
        aCompanyRegistered(),
        aFeatureActivated(),
        aFeatureDeactivated(),
        aFeatureAccessRequested({ feature: 'order' }),
        aFeatureActivated({ feature: 'bottle_pos', by: 'provider', ignorePricing: true }),
        aDefaultLogoChosen(),
      ]),
    ).toMatchObject({
      features: {
        payment: { active: false, ignore_pricing: false, switched_off: true, requested_at: null },
        order: {
          active: false,
          ignore_pricing: false,
          switched_off: false,
          requested_at: '2026-11-22T15:00:00.000Z',
        },
        bottle_pos: { active: true, ignore_pricing: true, switched_off: false, requested_at: null },
      },
      default_logo_id: 'logo-1',
      revision: 5,
    }));

  it('changes nothing when an event arrives again', () => {
    const events = stored([aCompanyRegistered(), aCompanyDetailsUpdated()]);
    const row = evolveCompanyRow(evolveCompanyRow(undefined, events[0]!), events[1]!);
    expect(evolveCompanyRow(row, events[1]!)).toBe(row);
    expect(evolveCompanyRow(row, events[0]!)).toBe(row);
  });
});
