import { DomainError, errorCatalogue } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';

export const companyError = errorCatalogue({
  COMPANY_ALREADY_REGISTERED: { kind: 'conflict', message: 'This company is registered already.' },
  COMPANY_NAME_REQUIRED: { kind: 'invalid', message: 'Company name is required.' },
  COMPANY_NOT_FOUND: { kind: 'not_found', message: 'Company not found' },
  COMPANY_DETAILS_INVALID: { kind: 'invalid', message: 'Error saving company!' },
  FEATURE_COMING_SOON: { kind: 'invalid', message: 'This feature is coming soon.' },
  FEATURE_NEEDS_PROVIDER: {
    kind: 'forbidden',
    message:
      "This feature is switched on by the Stampline team. Please use Request Access and we'll be in touch.",
  },
  FEATURE_SWITCHED_OFF: {
    kind: 'forbidden',
    message:
      'This feature was switched off, so only the Stampline team can switch it on again. Please use Request Access.',
  },
  FEATURE_ALREADY_ACTIVE: { kind: 'conflict', message: 'This feature is active already.' },
  FEATURE_FREE: { kind: 'invalid', message: 'This feature is free: you can activate it yourself.' },
  LOGO_NOT_FOUND: { kind: 'not_found', message: 'Logo not found' },
  LOGO_LIMIT_REACHED: {
    kind: 'conflict',
    message: 'A company can keep at most 20 logos. Please remove one before uploading another.',
  },
  TIERED_PRICING_OFF: {
    kind: 'forbidden',
    message:
      'The Tiered Pricing feature is not active for your company. You can activate it, or request access, on the Feature Extensions page.',
  },
  COMPLIANCE_POLICY_INVALID: { kind: 'invalid', message: 'Error saving compliance settings!' },
  PRICE_TIER_NOT_FOUND: { kind: 'not_found', message: 'Price tier not found' },
  PRICE_TIER_INVALID: { kind: 'invalid', message: 'Error saving price tier!' },
  PRICE_TIER_BASE_NOT_EDITABLE: { kind: 'conflict', message: 'The base price tier cannot be edited.' },
  PRICE_TIER_BASE_NOT_REMOVABLE: { kind: 'conflict', message: 'The base price tier cannot be removed.' },
  PRICE_TIER_LAST: {
    kind: 'conflict',
    message: 'A price tier can be removed only while the company has more than one.',
  },
});

/** Every broken field of the tier form at once; the message is the first field's. */
export const priceTierInvalid = (details: FieldProblem[]) =>
  new DomainError('PRICE_TIER_INVALID', 'invalid', details[0]!.message, details);

/** Every broken field at once; the message is the first field's (as for the API's validation errors). */
export const companyDetailsInvalid = (details: FieldProblem[]) =>
  new DomainError('COMPANY_DETAILS_INVALID', 'invalid', details[0]!.message, details);

/** Every broken field of the compliance settings at once; the message is the first field's. */
export const compliancePolicyInvalid = (details: FieldProblem[]) =>
  new DomainError('COMPLIANCE_POLICY_INVALID', 'invalid', details[0]!.message, details);
