import { optionalBoolean, type FieldRule } from '../shared/field-rules.js';

/**
 * The company's TABC compliance rules: one settings object shared by every rule of the compliance pack.
 * Each rule is off (or advisory) by default, so a company that never opens the settings gets exactly the spec.
 */
export interface CompliancePolicy {
  /** The client's specification: stamps can be recorded lost, stolen, voided or returned to the state, and replaced. */
  extendedStampStatuses: boolean;
  /** The client's specification: products of 375 mL or less may carry one stamp per case. */
  smallFormatStamps: boolean;
  /** The client's specification: corrections by event, never by delete (cancelled invoices stay, owners cannot delete invoices). */
  strictRecords: boolean;
  /** The client's specification: the credit-law calendar (statutory due dates, alerts, delinquency notices). */
  creditLaw: 'off' | 'advisory';
  /** The client's specification: invoicing stamped liquor to a customer without an active MB, N or NE licence warns, or is refused. */
  licenceGuard: 'off' | 'advisory' | 'blocking';
}

export const CREDIT_LAW_MODES = [
  'off',
  'advisory',
] as const satisfies readonly CompliancePolicy['creditLaw'][];
export const LICENCE_GUARD_MODES = [
  'off',
  'advisory',
  'blocking',
] as const satisfies readonly CompliancePolicy['licenceGuard'][];

export const DEFAULT_COMPLIANCE_POLICY: CompliancePolicy = Object.freeze({
  extendedStampStatuses: false,
  smallFormatStamps: false,
  strictRecords: false,
  creditLaw: 'advisory',
  licenceGuard: 'advisory',
});

/** The policy with every field it lacks (or holds a value no version wrote) taken from the defaults. */
export function withComplianceDefaults(
  partial: Partial<Record<keyof CompliancePolicy, unknown>> | null | undefined,
) {
  const value = partial ?? {};
  const flag = (key: 'extendedStampStatuses' | 'smallFormatStamps' | 'strictRecords') =>
    typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_COMPLIANCE_POLICY[key];
  return {
    extendedStampStatuses: flag('extendedStampStatuses'),
    smallFormatStamps: flag('smallFormatStamps'),
    strictRecords: flag('strictRecords'),
    creditLaw: isCreditLawMode(value.creditLaw) ? value.creditLaw : DEFAULT_COMPLIANCE_POLICY.creditLaw,
    licenceGuard: isLicenceGuardMode(value.licenceGuard)
      ? value.licenceGuard
      : DEFAULT_COMPLIANCE_POLICY.licenceGuard,
  } satisfies CompliancePolicy;
}

export const isCreditLawMode = (value: unknown): value is CompliancePolicy['creditLaw'] =>
  (CREDIT_LAW_MODES as readonly unknown[]).includes(value);

export const isLicenceGuardMode = (value: unknown): value is CompliancePolicy['licenceGuard'] =>
  (LICENCE_GUARD_MODES as readonly unknown[]).includes(value);

export const COMPLIANCE_MESSAGES = {
  extendedStampStatuses: 'Lost, stolen, voided and returned stamps must be true or false.',
  smallFormatStamps: 'One stamp per case for small bottles must be true or false.',
  strictRecords: 'Strict records must be true or false.',
  creditLaw: "Credit-law calendar must be 'off' or 'advisory'.",
  licenceGuard: "Licence check must be 'off', 'advisory' or 'blocking'.",
} as const;

/** The rules of PUT /company/{id}/compliance, by its snake_case field names; a field left out keeps its value. */
export const complianceRules = {
  extended_stamp_statuses: optionalBoolean(COMPLIANCE_MESSAGES.extendedStampStatuses),
  small_format_stamps: optionalBoolean(COMPLIANCE_MESSAGES.smallFormatStamps),
  strict_records: optionalBoolean(COMPLIANCE_MESSAGES.strictRecords),
  credit_law: (value) =>
    value === undefined || isCreditLawMode(value) ? undefined : COMPLIANCE_MESSAGES.creditLaw,
  licence_guard: (value) =>
    value === undefined || isLicenceGuardMode(value) ? undefined : COMPLIANCE_MESSAGES.licenceGuard,
} satisfies Record<string, FieldRule>;

export const sameCompliancePolicy = (a: CompliancePolicy, b: CompliancePolicy) =>
  (Object.keys(DEFAULT_COMPLIANCE_POLICY) as (keyof CompliancePolicy)[]).every((key) => a[key] === b[key]);
