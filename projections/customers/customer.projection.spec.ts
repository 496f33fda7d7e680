import type { StoredEvent } from '#engine';
import type { CustomerEvent } from '#domain/customers/customer.events.js';
import {
  aCustomerCreated,
  aCustomerRemoved,
  aCustomerUpdated,
  customerFields,
} from '#domain/customers/customer.fixtures.js';
import { colourIndex, evolveCustomerRow, type CustomerRow } from './customer.projection.js';

const stored = (events: CustomerEvent[]): StoredEvent[] =>
  events.map((event, revision) => ({
    ...(event as unknown as { type: string; data: Record<string, unknown> }),
    id: `e-${revision}`,
    streamId: 'customer-cu-1',
    revision: BigInt(revision),
    position: BigInt(revision + 1),
    checkpoint: String(revision + 1),
    metadata: { companyId: 'co-1', occurredAt: '2026-11-22T15:00:00.000Z', schemaVersion: 1 },
    recordedAt: '2026-11-22T15:00:00.000Z',
  }));
const rowAfter = (events: CustomerEvent[]) =>
  stored(events).reduce<CustomerRow | undefined>((row, event) => evolveCustomerRow(row, event), undefined)!;

describe('Customer read model', () => {
  it('keeps the fields, the TABC id to display and its comparable form', () =>
    expect(rowAfter([aCustomerCreated({ tabcId: 'MB-123456' })])).toEqual({
      id: 'cu-1',
      company_id: 'co-1',
      name: 'The Rusty Nail',
      address: '500 E 6th St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      tabc_id: 'MB-123456',
      display_tabc_id: 'MB-123456',
      tabc_key: 'MB123456',
      aims_id: null,
      aims_license_type: null,
      ydk_est_id: null,
      contact_name: null,
      contact_email: null,
      contact_phone: null,
      cash_on_delivery: false,
      fintech_option: false,
      fintech_id: null,
      product_price_tier_id: null,
      service_start: null,
      comptroller_taxpayer_number: null,
      payment_terms: null,
      delinquent_overrides: [],
      color_index: colourIndex('cu-1'),
      created_at: '2026-11-22T15:00:00.000Z',
      updated_at: '2026-11-22T15:00:00.000Z',
      removed_at: null,
      revision: 0,
    }));

  it('keeps the owner overrides of the delinquent list, oldest first', () => {
    const override = {
      reason: 'removed_by_tabc' as const,
      note: 'TABC letter of 2026-12-05',
      permit: 'MB123456',
      listingEffectiveOn: '2026-12-04',
      recordedBy: { userId: 'u-1', name: 'Olive Owner' },
      recordedAt: '2026-12-05T16:00:00.000Z',
    };
    const row = rowAfter([
      aCustomerCreated(),
      { type: 'DelinquentOverrideRecorded', data: { customerId: 'cu-1', companyId: 'co-1', ...override } },
    ]);
    expect(row?.delinquent_overrides).toEqual([override]);
  });

  it('shows licence type + AIMS id as the TABC id when the AIMS id is at least 1', () =>
    expect(
      rowAfter([
        aCustomerCreated(),
        aCustomerUpdated({ ...customerFields({ aimsId: 1234567, aimsLicenseType: 'MB' }) }),
      ]),
    ).toMatchObject({
      tabc_id: 'MB123456',
      display_tabc_id: 'MB1234567',
      updated_at: '2026-11-23T15:00:00.000Z',
    }));

  it('marks a removed customer, keeping its row', () =>
    expect(rowAfter([aCustomerCreated(), aCustomerRemoved()])).toMatchObject({
      name: 'The Rusty Nail',
      removed_at: '2026-11-23T15:00:00.000Z',
    }));

  it('changes nothing when an event arrives again', () => {
    const events = stored([aCustomerCreated(), aCustomerRemoved()]);
    const row = evolveCustomerRow(evolveCustomerRow(undefined, events[0]!), events[1]!);
    expect(evolveCustomerRow(row, events[1]!)).toBe(row);
  });

  it('gives every customer one of 13 colours, always the same', () => {
    const colours = Array.from({ length: 200 }, (_, i) => colourIndex(`customer-${i}`));
    expect(new Set(colours).size).toBe(13);
    expect(colourIndex('customer-7')).toBe(colours[7]);
  });
});
