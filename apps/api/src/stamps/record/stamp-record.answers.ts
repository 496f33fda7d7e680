import type {
  NumberingProofResponse,
  SerialHistoryResponse,
  StampRecordResponse,
} from '#domain/contracts/stamp-record.contract.js';

const COMPANY = '6f1c2a4e-8b1d-4c1e-9a51-0d3c6f1c2a4e';
const INVOICE = '0c4b8f0e-2f1a-4d5e-8a3b-7c6d5e4f3a2b';

/** GET /stamp/record: an example answer (OpenAPI). */
export const STAMP_RECORD_ANSWER: StampRecordResponse = {
  companyId: COMPANY,
  asOf: '2026-04-01T05:00:00.000Z',
  timeZone: 'America/Chicago',
  from: '2026-03-01',
  to: '2026-03-31',
  openingOnHand: 480,
  closingOnHand: 474,
  days: [
    {
      date: '2026-03-02',
      lines: [
        {
          kind: 'affixed',
          at: '2026-03-02T15:04:05.000Z',
          quantity: 3,
          serials: 'AB1000-AB1002',
          serialList: [],
          rollId: 1,
          invoiceId: INVOICE,
          invoiceNumber: '1001',
          invoiceDate: '2026-03-02',
          retailer: 'The Rusty Nail',
          permit: 'MB123456',
          note: null,
          onHandAfter: 477,
        },
        {
          kind: 'destroyed',
          at: '2026-03-02T16:00:00.000Z',
          quantity: 3,
          serials: 'AB1010-AB1012',
          serialList: ['AB1010', 'AB1011', 'AB1012'],
          rollId: 1,
          invoiceId: null,
          invoiceNumber: null,
          invoiceDate: null,
          retailer: null,
          permit: null,
          note: 'torn',
          onHandAfter: 474,
        },
      ],
    },
  ],
  totals: { received: 0, affixed: 3, returned: 0, destroyed: 3, restored: 0 },
  eventsRead: { stamps: 3, invoices: 1 },
  chainHead: { seq: '10', hash: 'f2edaeb7ce69fc13440766dd211794d1a207e5284b701723499c61fd306db225' },
};

/** GET /invoice/numbering-proof: an example answer (OpenAPI). */
export const NUMBERING_PROOF_ANSWER: NumberingProofResponse = {
  companyId: COMPANY,
  asOf: '2026-04-01T05:00:00.000Z',
  timeZone: 'America/Chicago',
  from: '2026-03-01',
  to: '2026-03-31',
  sequences: [
    {
      prefix: '',
      customerId: null,
      previous: 1000,
      numbers: [
        {
          sequence: 1001,
          number: '1001',
          issuedOn: '2026-03-02',
          issuedAt: '2026-03-02T15:04:05.000Z',
          invoices: [
            {
              invoiceId: INVOICE,
              number: '1001',
              invoicedOn: '2026-03-02',
              customer: 'The Rusty Nail',
              status: 'cancelled',
              deleted: false,
              state: 'cancelled',
              replaces: null,
              replacedBy: '2000',
            },
          ],
        },
      ],
      gaps: [
        {
          from: 1002,
          to: 1999,
          explained: true,
          explanation:
            'Never issued: the starting invoice number was set to 2000 at 2026-03-04T16:00:00.000Z.',
        },
      ],
    },
  ],
  issued: 1,
  gaps: 1,
  unexplained: 0,
  creditMemos: {
    previous: null,
    numbers: [
      {
        sequence: 1001,
        number: 'CM-1001',
        issuedOn: '2026-03-05',
        issuedAt: '2026-03-05T16:30:00.000Z',
        creditMemoId: '7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f',
        invoiceId: INVOICE,
        invoiceNumber: '1001',
        customer: 'The Rusty Nail',
        state: 'issued',
      },
    ],
    gaps: [],
  },
  chainHead: { seq: '412', hash: '9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c1b3d5f7e9a2c4b6d8f0e1a3c5b7d9f2e' },
};

/** GET /stamp/record/serial: an example answer (OpenAPI). */
export const SERIAL_HISTORY_ANSWER: SerialHistoryResponse = {
  companyId: COMPANY,
  asOf: '2026-04-01T05:00:00.000Z',
  prefix: 'AB',
  number: 1001,
  status: 'invoiced',
  transactions: [
    {
      date: '2026-03-01',
      at: '2026-03-01T15:00:00.000Z',
      kind: 'received',
      range: 'AB1000-AB1479',
      invoiceId: null,
      invoiceNumber: null,
      invoiceDate: null,
      retailer: null,
      permit: null,
      note: null,
    },
    {
      date: '2026-03-02',
      at: '2026-03-02T15:04:05.000Z',
      kind: 'affixed',
      range: 'AB1000-AB1002',
      invoiceId: INVOICE,
      invoiceNumber: '1001',
      invoiceDate: '2026-03-02',
      retailer: 'The Rusty Nail',
      permit: 'MB123456',
      note: null,
    },
  ],
  chainHead: { seq: '10', hash: 'f2edaeb7ce69fc13440766dd211794d1a207e5284b701723499c61fd306db225' },
};
