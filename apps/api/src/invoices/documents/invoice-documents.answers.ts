/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const INVOICE_DOCUMENT_ROW_ANSWER = {
  id: 'fd8d4f17-2ca1-4abe-a265-cd0f5d1637f2',
  invoice_id: '3c6a5e5e-c272-449f-ae7f-29a6d6e5ae3b',
  originalname: 'delivery-receipt.pdf',
  filename: 'fd8d4f17-2ca1-4abe-a265-cd0f5d1637f2.pdf',
  mimetype: 'application/pdf',
  size: 48213,
  note: 'Signed on delivery',
  path: '/api/v1/invoice/document/fd8d4f17-2ca1-4abe-a265-cd0f5d1637f2/preview',
  createdAt: '2026-11-25T20:08:56.470Z',
  updatedAt: '2026-11-25T20:08:56.470Z',
};

export const INVOICE_DOCUMENT_RENAMED_ANSWER = {
  document: {
    ...INVOICE_DOCUMENT_ROW_ANSWER,
    originalname: 'receipt-signed.pdf',
    note: 'Signed by the bar manager',
    updatedAt: '2026-11-25T20:08:56.481Z',
  },
  success: true,
};

export const INVOICE_NOTES_ANSWER = [
  {
    id: '913acfac-52a2-492a-99f1-fa3ef22aef75',
    note: 'Customer asked for delivery before noon',
    createdAt: '2026-11-25T17:57:33.698Z',
  },
];

export const INVOICE_DOCUMENT_ANSWER = {
  documents: [INVOICE_DOCUMENT_ROW_ANSWER],
  notes: INVOICE_NOTES_ANSWER,
};
