import { STAMP_ROLL_LISTED_EXAMPLE } from './stamp.examples.js';

/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const STAMP_REMAINING_ANSWER = {
  availableStampCount: 480,
  firstAvailableStamp: 1000,
  totalStampCount: 480,
  currentRoll: STAMP_ROLL_LISTED_EXAMPLE,
  threshold: 500,
  low: true,
  rollCount: 1,
};

export const INVOICE_STAMP_GRID_ANSWER = {
  rows: [
    {
      id: '0',
      customer: null,
      customer_id: null,
      tabc_id: null,
      invoice: null,
      invoice_id: null,
      logged_at: '2026-11-25T17:27:35.854Z',
      roll_id: 1,
      prefix: 'AB',
      start: '1000',
      end: '1479',
      used: '480',
      balance: '480',
      on_hand: '480',
      kind: 'received',
      destroyed: false,
      destroy_id: null,
      note: null,
    },
  ],
  count: 1,
};

export const STAMP_HISTORY_ANSWER = {
  prefix: 'AB',
  number: 1000,
  stamp: 'AB1000',
  status: 'AVAILABLE',
  roll: STAMP_ROLL_LISTED_EXAMPLE,
  transitions: [
    {
      at: '2026-11-25T17:27:35.854Z',
      kind: 'received',
      status: 'AVAILABLE',
      from: 1000,
      to: 1479,
      user_id: '40a07ce7-3516-43fd-9f8f-7678e888a9d6',
      user_name: 'Rosa Diaz',
      invoice_id: null,
      invoice_number: null,
      customer_id: null,
      customer_name: null,
      customer_tabc_id: null,
      note: null,
      destroy_id: null,
    },
  ],
};

export const STAMP_AS_OF_ANSWER = {
  companyId: '91be9e32-ffeb-43e6-be9b-5ed06aca32b0',
  asOf: '2026-11-25T17:35:44.121Z',
  events: 1,
  rolls: [
    {
      rollId: 1,
      prefix: 'AB',
      from: 1000,
      to: 1479,
      receivedOn: '2026-11-20',
      active: true,
      finished: false,
      size: 480,
      available: [
        {
          from: 1000,
          to: 1479,
        },
      ],
      invoiced: [],
      destroyed: [],
      availableCount: 480,
      invoicedCount: 0,
      destroyedCount: 0,
    },
  ],
  totals: {
    size: 480,
    available: 480,
    invoiced: 0,
    destroyed: 0,
  },
};

export const STAMP_ALLOCATION_ANSWER = {
  count: 3,
  ranges: [
    {
      roll_id: 1,
      prefix: 'AB',
      from: 1000,
      to: 1002,
    },
  ],
  added: [
    {
      roll_id: 1,
      prefix: 'AB',
      from: 1000,
      to: 1002,
    },
  ],
  released: [],
  reissued: [],
};

export const STAMP_ROLL_CHANGED_ANSWER = STAMP_ROLL_LISTED_EXAMPLE;

export const STAMP_DESTROY_ANSWER = {
  id: 1,
  roll_id: 1,
  prefix: 'AB',
  from: 1400,
  to: 1404,
  count: 5,
  ranges: [
    {
      from: 1400,
      to: 1404,
    },
  ],
  messages: ['Destroyed 5 stamps: AB1400-AB1404.'],
};

export const STAMP_DESTROYED_ANSWER = [
  {
    id: 1,
    roll_id: 1,
    prefix: 'AB',
    from: 1400,
    to: 1404,
    count: 5,
    ranges: [
      {
        from: 1400,
        to: 1404,
      },
    ],
    note: 'Torn in shipping',
    destroyed_at: '2026-11-25T17:57:30.861Z',
    destroyed_by: 'Rosa Diaz',
  },
];

export const STAMP_RANGE_CHECK_ANSWER = {
  valid: true,
  roll_id: 1,
  prefix: 'AB',
  from: 1010,
  to: 1012,
  count: 3,
  range: 'AB1010-AB1012',
  returned: 0,
};

export const STAMP_ASSIGNMENT_ANSWER = {
  id: 'assignment-1',
  roll_id: 1,
  prefix: 'AB',
  from: 1000,
  to: 1009,
  count: 10,
  note: 'SAMPLES',
};

export const STAMP_UNDO_DESTROY_ANSWER = {
  restored: [
    {
      id: 1,
      roll_id: 1,
      prefix: 'AB',
      count: 5,
      ranges: [
        {
          from: 1400,
          to: 1404,
        },
      ],
    },
  ],
  already_restored: [2],
};
