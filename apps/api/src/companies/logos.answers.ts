/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const COMPANY_LOGOS_ANSWER = [
  {
    id: '129ef918-fb3a-4ae4-8920-12c18cfd8730',
    originalname: 'lonestar.png',
    mimetype: 'image/png',
    size: 98,
    width: 200,
    height: 100,
    is_default: true,
    created_at: '2026-11-25T20:08:56.081Z',
    path: '/api/v1/company/logo/129ef918-fb3a-4ae4-8920-12c18cfd8730/file',
  },
];
