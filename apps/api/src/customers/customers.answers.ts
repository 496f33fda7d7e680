import { CUSTOMER_EXAMPLE } from './customer.examples.js';

/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const CUSTOMER_ANSWER = [CUSTOMER_EXAMPLE];

export const CUSTOMER_AUTO_FILL_SUGGESTIONS_ANSWER = [
  {
    name: 'GULF COAST OYSTER BAR',
    trade_name: 'GULF COAST OYSTER BAR',
    owner: 'GULF COAST HOSPITALITY LLC',
    address: '1 SEAWALL BLVD',
    address_2: null,
    city: 'GALVESTON',
    state: 'TX',
    zip: '77550',
    county: 'GALVESTON',
    phone: '(409) 555-0144',
    permitCodes: [
      {
        license_id: '1003400',
        license_type: 'MB',
        tabc_id: 'MB567890',
        aims_id: 1003400,
        legacy_clp: 'MB567890',
        primary_status: 'Suspended',
        secondary_status: null,
        expiration_date: '2027-05-04',
      },
    ],
    delinquency: {
      effective_date: '2026-11-06',
      list_number: '2026-22',
      permit: 'MB567890 / LP654321',
    },
  },
];

export const CUSTOMER_TABC_EXPIRATION_ANSWER = {
  expiration_date: '2027-05-04',
  isExpired: false,
  expiringInDays: 160,
  isExpiringSoon: false,
  found: true,
  license_id: '1003400',
  license_type: 'MB',
  primary_status: 'Suspended',
};

export const CUSTOMER_DELINQUENCY_ANSWER = {
  delinquent: true,
  effective_date: '2026-11-06',
  list_number: '2026-22',
  permit: 'MB567890 / LP654321',
  in_effect: true,
  refused: false,
  override: {
    reason: 'bankruptcy_exemption',
    reason_label: 'Bankruptcy exemption',
    note: 'Chapter 11 filed 2026-10-30, case 26-12345 (W.D. Tex.): the automatic stay covers the debt.',
    permit: 'MB567890 / LP654321',
    listing_effective_date: '2026-11-06',
    recorded_by: 'Dana Owner',
    recorded_at: '2026-11-07T15:04:05.000Z',
  },
  overrides: [
    {
      reason: 'bankruptcy_exemption',
      reason_label: 'Bankruptcy exemption',
      note: 'Chapter 11 filed 2026-10-30, case 26-12345 (W.D. Tex.): the automatic stay covers the debt.',
      permit: 'MB567890 / LP654321',
      listing_effective_date: '2026-11-06',
      recorded_by: 'Dana Owner',
      recorded_at: '2026-11-07T15:04:05.000Z',
    },
  ],
};

export const DELINQUENT_OVERRIDES_ANSWER = {
  overrides: [
    {
      customer_id: '7d1c2f0a-1b2c-4d3e-8f90-123456789abc',
      customer_name: 'Gulf Coast Oyster Bar',
      ...CUSTOMER_DELINQUENCY_ANSWER.overrides[0],
    },
  ],
};
