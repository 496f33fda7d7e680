/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const INVOICE_DOCUMENT_ANSWER = {
  documents: [],
  notes: [],
};

export const INVOICE_NOTES_ANSWER = [
  {
    id: '913acfac-52a2-492a-99f1-fa3ef22aef75',
    note: 'Customer asked for delivery before noon',
    createdAt: '2026-11-25T17:57:33.698Z',
  },
];
