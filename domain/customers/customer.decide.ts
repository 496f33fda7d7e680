import { isPaymentTerms, paymentTermsOr } from '../invoices/payment-terms.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { problemsOf, toBoolean, toNumber } from '../shared/field-rules.js';
import type {
  CreateCustomer,
  CustomerCommand,
  CustomerInput,
  FillTaxpayerNumber,
  MoveCustomerPriceTier,
  RecordDelinquentOverride,
  RemoveCustomer,
  UpdateCustomer,
} from './customer.commands.js';
import { customerError, customerInvalid, customerOverrideRefused } from './customer.errors.js';
import {
  DELINQUENT_OVERRIDE_REASONS,
  OVERRIDE_MESSAGES,
  type DelinquentOverrideReason,
} from '../invoices/delinquent-list-gate.js';
import type {
  CustomerCreated,
  CustomerEvent,
  CustomerFields,
  CustomerPriceTierChanged,
  CustomerRemoved,
  CustomerUpdated,
  DelinquentOverrideRecorded,
} from './customer.events.js';
import {
  customerRules,
  DEFAULT_CUSTOMER_STATE,
  fintechIdProblem,
  tabcIdProblem,
  taxpayerNumberOf,
} from './customer.rules.js';
import { evolve, initialState, type Customer } from './customer.state.js';
import { builtTabcId } from './tabc-permit.js';

const text = (value: string | null | undefined) => (value ?? '').trim();
const nullableText = (value: string | null | undefined) => text(value) || null;

/** Checks the form (every broken field at once) and returns the fields to record. */
function fieldsFrom(input: Partial<CustomerInput>, current: CustomerFields | undefined): CustomerFields {
  const pick = <K extends keyof CustomerInput>(key: K, fallback: CustomerInput[K]): CustomerInput[K] =>
    input[key] === undefined ? fallback : input[key];
  const merged = {
    name: pick('name', current?.name ?? ''),
    address: pick('address', current?.address ?? ''),
    city: pick('city', current?.city ?? ''),
    state: input.state === undefined ? (current?.state ?? DEFAULT_CUSTOMER_STATE) : input.state,
    zip: pick('zip', current?.zip ?? ''),
    tabcId: pick('tabcId', current?.tabcId ?? null),
    aimsId: pick('aimsId', current?.aimsId ?? null),
    aimsLicenseType: pick('aimsLicenseType', current?.aimsLicenseType ?? null),
    ydkEstId: pick('ydkEstId', current?.ydkEstId ?? null),
    contactName: pick('contactName', current?.contactName ?? null),
    contactEmail: pick('contactEmail', current?.contactEmail ?? null),
    contactPhone: pick('contactPhone', current?.contactPhone ?? null),
    cashOnDelivery: pick('cashOnDelivery', current?.cashOnDelivery as boolean),
    fintechOption: pick('fintechOption', current?.fintechOption as boolean),
    fintechId: pick('fintechId', current?.fintechId ?? null),
    productPriceTierId: pick('productPriceTierId', current?.productPriceTierId ?? null),
    serviceStartOn: pick('serviceStartOn', current?.serviceStartOn ?? null),
    comptrollerTaxpayerNumber: pick('comptrollerTaxpayerNumber', current?.comptrollerTaxpayerNumber ?? null),
    paymentTerms: pick('paymentTerms', current?.paymentTerms ?? null),
  };
  const aimsId = toNumber(merged.aimsId) ?? null;
  const built = builtTabcId(merged.aimsLicenseType, aimsId);
  const problems = problemsOf([
    ['name', customerRules.name, merged.name],
    ['address', customerRules.address, merged.address],
    ['city', customerRules.city, merged.city],
    ['state', customerRules.state, merged.state],
    ['zip', customerRules.zip, merged.zip],
    ['tabc_id', (value) => tabcIdProblem(value, built), merged.tabcId],
    ['aims_id', customerRules.aims_id, merged.aimsId],
    ['aims_license_type', customerRules.aims_license_type, merged.aimsLicenseType],
    ['ydk_est_id', customerRules.ydk_est_id, merged.ydkEstId],
    ['contact_name', customerRules.contact_name, merged.contactName],
    ['contact_email', customerRules.contact_email, merged.contactEmail],
    ['contact_phone', customerRules.contact_phone, merged.contactPhone],
    ['cash_on_delivery', customerRules.cash_on_delivery, merged.cashOnDelivery],
    ['fintech_option', customerRules.fintech_option, merged.fintechOption],
    ['fintech_id', customerRules.fintech_id, merged.fintechId],
    ['fintech_id', (value) => fintechIdProblem(value, merged.fintechOption), merged.fintechId],
    ['product_price_tier_id', customerRules.product_price_tier_id, merged.productPriceTierId],
    ['service_start', customerRules.service_start, merged.serviceStartOn],
    [
      'comptroller_taxpayer_number',
      customerRules.comptroller_taxpayer_number,
      merged.comptrollerTaxpayerNumber,
    ],
    ['payment_terms', customerRules.payment_terms, merged.paymentTerms],
  ]);
  if (problems.length > 0) throw customerInvalid(problems);
  return {
    name: text(merged.name),
    address: text(merged.address),
    city: text(merged.city),
    state: text(merged.state).toUpperCase(),
    zip: text(merged.zip),
    tabcId: built ?? text(merged.tabcId).toUpperCase(),
    aimsId: aimsId === 0 ? null : aimsId,
    aimsLicenseType: nullableText(merged.aimsLicenseType)?.toUpperCase() ?? null,
    ydkEstId: nullableText(merged.ydkEstId),
    contactName: nullableText(merged.contactName),
    contactEmail: nullableText(merged.contactEmail),
    contactPhone: nullableText(merged.contactPhone),
    cashOnDelivery: toBoolean(merged.cashOnDelivery)!,
    fintechOption: toBoolean(merged.fintechOption)!,
    fintechId: nullableText(merged.fintechId),
    productPriceTierId: nullableText(merged.productPriceTierId)?.toLowerCase() ?? null,
    serviceStartOn: nullableText(merged.serviceStartOn),
    comptrollerTaxpayerNumber: taxpayerNumberOf(merged.comptrollerTaxpayerNumber),
    paymentTerms: isPaymentTerms(merged.paymentTerms) ? paymentTermsOr(merged.paymentTerms) : null,
  };
}

const create = ({ data, metadata }: CreateCustomer, state: Customer): CustomerCreated[] => {
  if (state.status !== 'none') {
    if (state.companyId !== metadata.companyId) throw customerError('CUSTOMER_NOT_FOUND');
    throw customerError('CUSTOMER_EXISTS');
  }
  const { customerId, ...input } = data;
  return [
    {
      type: 'CustomerCreated',
      data: {
        customerId,
        companyId: metadata.companyId,
        ...fieldsFrom(input, undefined),
        createdAt: metadata.now,
      },
    },
  ];
};

const update = ({ data, metadata }: UpdateCustomer, state: Customer): CustomerUpdated[] => {
  if (state.status !== 'active' || state.companyId !== metadata.companyId)
    throw customerError('CUSTOMER_NOT_FOUND');
  const { customerId, ...input } = data;
  const fields = fieldsFrom(input, state.fields);
  const unchanged = (Object.keys(fields) as (keyof CustomerFields)[]).every(
    (key) => fields[key] === state.fields[key],
  );
  if (unchanged) return [];
  return [
    {
      type: 'CustomerUpdated',
      data: { customerId, companyId: state.companyId, ...fields, updatedAt: metadata.now },
    },
  ];
};

const remove = ({ data, metadata }: RemoveCustomer, state: Customer): CustomerRemoved[] => {
  if (state.status === 'none' || state.companyId !== metadata.companyId)
    throw customerError('CUSTOMER_NOT_FOUND');
  if (state.status === 'removed') return []; // idempotent: a retried delete
  return [
    {
      type: 'CustomerRemoved',
      data: { customerId: data.customerId, companyId: state.companyId, removedAt: metadata.now },
    },
  ];
};

const movePriceTier = (
  { data, metadata }: MoveCustomerPriceTier,
  state: Customer,
): CustomerPriceTierChanged[] => {
  if (state.status !== 'active' || state.companyId !== metadata.companyId) return [];
  if (state.fields.productPriceTierId !== data.fromTierId || data.fromTierId === data.toTierId) return [];
  return [
    {
      type: 'CustomerPriceTierChanged',
      data: {
        customerId: data.customerId,
        companyId: state.companyId,
        productPriceTierId: data.toTierId,
        previousPriceTierId: data.fromTierId,
        changedAt: metadata.now,
      },
    },
  ];
};

const fillTaxpayerNumber = ({ data, metadata }: FillTaxpayerNumber, state: Customer): CustomerUpdated[] => {
  if (state.status !== 'active' || state.companyId !== metadata.companyId)
    throw customerError('CUSTOMER_NOT_FOUND');
  if (state.fields.comptrollerTaxpayerNumber) return []; // a number typed (or filled) before is kept
  return update(
    {
      type: 'UpdateCustomer',
      data: { customerId: data.customerId, comptrollerTaxpayerNumber: data.comptrollerTaxpayerNumber },
      metadata,
    },
    state,
  );
};

const recordOverride = (
  { data, metadata }: RecordDelinquentOverride,
  state: Customer,
): DelinquentOverrideRecorded[] => {
  if (state.status !== 'active' || state.companyId !== metadata.companyId)
    throw customerError('CUSTOMER_NOT_FOUND');
  const problems: { field: string; message: string }[] = [];
  if (!(DELINQUENT_OVERRIDE_REASONS as readonly string[]).includes(data.reason))
    problems.push({ field: 'reason', message: OVERRIDE_MESSAGES.reason });
  if (data.note.trim().length === 0 || data.note.trim().length > 500)
    problems.push({ field: 'note', message: OVERRIDE_MESSAGES.note });
  if (problems.length > 0) throw customerInvalid(problems);
  if (!data.listing) throw customerOverrideRefused(OVERRIDE_MESSAGES.notListed);
  return [
    {
      type: 'DelinquentOverrideRecorded',
      data: {
        customerId: data.customerId,
        companyId: state.companyId,
        reason: data.reason as DelinquentOverrideReason,
        note: data.note.trim(),
        permit: data.listing.permit,
        listingEffectiveOn: data.listing.effectiveOn,
        recordedBy: data.recordedBy,
        recordedAt: metadata.now,
      },
    },
  ];
};

export function decide(command: CustomerCommand, state: Customer): CustomerEvent[] {
  switch (command.type) {
    case 'CreateCustomer':
      return create(command, state);
    case 'UpdateCustomer':
      return update(command, state);
    case 'RemoveCustomer':
      return remove(command, state);
    case 'MoveCustomerPriceTier':
      return movePriceTier(command, state);
    case 'FillTaxpayerNumber':
      return fillTaxpayerNumber(command, state);
    case 'RecordDelinquentOverride':
      return recordOverride(command, state);
    default:
      return assertNever(command);
  }
}

export const customerDecider: Decider<Customer, CustomerCommand, CustomerEvent> = {
  decide,
  evolve,
  initialState,
};

export const customerStream = (customerId: string) => `customer-${customerId}`;
