import { errorCatalogue } from '../shared/domain-error.js';

export const companyError = errorCatalogue({
  COMPANY_ALREADY_REGISTERED: { kind: 'conflict', message: 'This company is registered already.' },
  COMPANY_NAME_REQUIRED: { kind: 'invalid', message: 'Company name is required.' },
});
