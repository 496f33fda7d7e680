import type { DeliveryMeans } from '../contracts/route.contract.js';
import { paymentTermsOr } from '../invoices/payment-terms.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { problemsOf, toBoolean, toNumber } from '../shared/field-rules.js';
import { isInvoiceStatus } from '../shared/invoice-status.js';
import type {
  ActivateFeature,
  AddLogo,
  ChooseDefaultLogo,
  CompanyCommand,
  DeactivateFeature,
  RegisterCompany,
  RemoveLogo,
  RequestFeatureAccess,
  UpdateCompanyDetails,
} from './company.commands.js';
import { companyDetailsInvalid, companyError } from './company.errors.js';
import {
  DEFAULT_TIME_ZONE,
  type CompanyDetails,
  type CompanyDetailsUpdated,
  type CompanyEvent,
  type CompanyRegistered,
  type DefaultLogoChosen,
  type FeatureAccessRequested,
  type FeatureActivated,
  type FeatureDeactivated,
  type LogoAdded,
  type LogoRemoved,
} from './company.events.js';
import { FEATURE_CATALOGUE } from './company.features.js';
import {
  carrierRequired,
  COMPANY_MESSAGES,
  companyRules,
  DEFAULT_DELIVERY_MEANS,
  fintechIdRequired,
  MAX_LOGOS,
  taxRateBasisPoints,
} from './company.rules.js';
import { changeCompliancePolicy } from './compliance-policy.decide.js';
import { addPriceTier, choosePriceTierBase, removePriceTier, updatePriceTier } from './price-tier.decide.js';
import {
  evolve,
  featureState,
  initialState,
  isFeatureActive,
  type Company,
  type RegisteredCompany,
} from './company.state.js';

const register = ({ data, metadata }: RegisterCompany, state: Company): CompanyRegistered[] => {
  if (state.status !== 'none') throw companyError('COMPANY_ALREADY_REGISTERED');
  const name = data.name.trim();
  if (!name) throw companyError('COMPANY_NAME_REQUIRED');
  return [
    {
      type: 'CompanyRegistered',
      data: {
        companyId: data.companyId,
        name,
        ownerUserId: data.ownerUserId,
        timeZone: data.timeZone ?? DEFAULT_TIME_ZONE,
        registeredAt: metadata.now,
      },
    },
  ];
};

/** The company named by the command, as seen by the caller's company: another company's is "not found". */
function registered(state: Company, companyId: string, callerCompanyId: string): RegisteredCompany {
  if (state.status !== 'registered' || state.id !== companyId || companyId !== callerCompanyId) {
    throw companyError('COMPANY_NOT_FOUND');
  }
  return state;
}

const text = (value: string | null | undefined) => (value ?? '').trim();
const nullableText = (value: string | null | undefined) => text(value) || null;

const updateDetails = ({ data, metadata }: UpdateCompanyDetails, state: Company): CompanyDetailsUpdated[] => {
  const company = registered(state, data.companyId, metadata.companyId);
  const current = company.details;
  const hasFintech = data.hasFintech === undefined ? current.hasFintech : toBoolean(data.hasFintech);
  const subdomain = data.subdomain === undefined ? current.subdomain : data.subdomain;
  const fintechId = data.fintechId === undefined ? current.fintechId : data.fintechId;
  const deliveryMeans = data.deliveryMeans ?? current.deliveryMeans ?? DEFAULT_DELIVERY_MEANS;
  const carrierName = data.carrierName === undefined ? (current.carrierName ?? '') : data.carrierName;
  const carrierPermit = data.carrierPermit === undefined ? (current.carrierPermit ?? '') : data.carrierPermit;
  const problems = problemsOf([
    ['name', companyRules.name, data.name],
    ['address', companyRules.address, data.address],
    ['city', companyRules.city, data.city],
    ['state', companyRules.state, data.state],
    ['zip', companyRules.zip, data.zip],
    ['tabc_id', companyRules.tabc_id, data.tabcId],
    ['subdomain', companyRules.subdomain, data.subdomain],
    [
      'subdomain',
      (value) =>
        isFeatureActive(company, 'order') && !text(value as string | null)
          ? COMPANY_MESSAGES.subdomainRequired
          : undefined,
      subdomain,
    ],
    ['default_invoice_note', companyRules.default_invoice_note, data.defaultInvoiceNote],
    ['starting_invoice_number', companyRules.starting_invoice_number, data.startingInvoiceNumber],
    ['default_invoice_status', companyRules.default_invoice_status, data.defaultInvoiceStatus],
    ['has_fintech', companyRules.has_fintech, data.hasFintech],
    ['fintech_id', companyRules.fintech_id, data.fintechId],
    ['fintech_id', (value) => fintechIdRequired(value, hasFintech), fintechId],
    ['show_prices', companyRules.show_prices, data.showPrices],
    ['sort_inv_products', companyRules.sort_inv_products, data.sortInvProducts],
    ['stamp_threshold', companyRules.stamp_threshold, data.stampThreshold],
    ['tax_rate', companyRules.tax_rate, data.taxRate],
    ['cash_on_delivery', companyRules.cash_on_delivery, data.cashOnDelivery],
    ['time_zone', companyRules.time_zone, data.timeZone],
    ['payment_terms', companyRules.payment_terms, data.paymentTerms],
    ['delivery_means', companyRules.delivery_means, data.deliveryMeans],
    ['carrier_name', companyRules.carrier_name, data.carrierName],
    ['carrier_permit', companyRules.carrier_permit, data.carrierPermit],
    ['carrier_name', (value) => carrierRequired(deliveryMeans, value, carrierPermit), carrierName],
  ]);
  if (problems.length > 0) throw companyDetailsInvalid(problems);

  const next: CompanyDetails = {
    name: text(data.name),
    address: text(data.address),
    city: text(data.city),
    state: text(data.state),
    zip: text(data.zip),
    tabcId: text(data.tabcId).toUpperCase(),
    subdomain: nullableText(subdomain)?.toLowerCase() ?? null,
    defaultInvoiceNote:
      data.defaultInvoiceNote === undefined ? current.defaultInvoiceNote : text(data.defaultInvoiceNote),
    startingInvoiceNumber: toNumber(data.startingInvoiceNumber) ?? current.startingInvoiceNumber,
    defaultInvoiceStatus: isInvoiceStatus(data.defaultInvoiceStatus)
      ? data.defaultInvoiceStatus
      : current.defaultInvoiceStatus,
    hasFintech: hasFintech ?? current.hasFintech,
    fintechId: nullableText(fintechId),
    showPrices: toBoolean(data.showPrices) ?? current.showPrices,
    sortInvProducts: toBoolean(data.sortInvProducts) ?? current.sortInvProducts,
    stampThreshold: toNumber(data.stampThreshold) ?? current.stampThreshold,
    taxRateBasisPoints:
      data.taxRate === undefined ? current.taxRateBasisPoints : taxRateBasisPoints(data.taxRate)!,
    cashOnDelivery: toBoolean(data.cashOnDelivery) ?? current.cashOnDelivery,
    timeZone: data.timeZone ?? current.timeZone,
    paymentTerms:
      data.paymentTerms === undefined
        ? paymentTermsOr(current.paymentTerms)
        : paymentTermsOr(data.paymentTerms),
    deliveryMeans: deliveryMeans as DeliveryMeans,
    carrierName: text(carrierName),
    carrierPermit: text(carrierPermit),
  };
  if (sameDetails(current, next)) return [];
  return [
    { type: 'CompanyDetailsUpdated', data: { companyId: company.id, ...next, updatedAt: metadata.now } },
  ];
};

const sameDetails = (a: CompanyDetails, b: CompanyDetails) =>
  (Object.keys(b) as (keyof CompanyDetails)[]).every((key) => a[key] === b[key]);

const activateFeature = ({ data, metadata }: ActivateFeature, state: Company): FeatureActivated[] => {
  const company = registered(state, data.companyId, metadata.companyId);
  const feature = featureState(company, data.feature);
  const ignorePricing = data.ignorePricing ?? feature.ignorePricing;
  if (data.by === 'user') {
    if (feature.active) return [];
    const { access } = FEATURE_CATALOGUE[data.feature];
    if (access === 'coming_soon') throw companyError('FEATURE_COMING_SOON');
    if (access === 'paid') throw companyError('FEATURE_NEEDS_PROVIDER');
    if (feature.switchedOff) throw companyError('FEATURE_SWITCHED_OFF');
  } else if (feature.active && feature.ignorePricing === ignorePricing) {
    return [];
  }
  return [
    {
      type: 'FeatureActivated',
      data: {
        companyId: company.id,
        feature: data.feature,
        by: data.by,
        ignorePricing,
        activatedAt: metadata.now,
      },
    },
  ];
};

const deactivateFeature = ({ data, metadata }: DeactivateFeature, state: Company): FeatureDeactivated[] => {
  const company = registered(state, data.companyId, metadata.companyId);
  if (!isFeatureActive(company, data.feature)) return [];
  return [
    {
      type: 'FeatureDeactivated',
      data: { companyId: company.id, feature: data.feature, by: data.by, deactivatedAt: metadata.now },
    },
  ];
};

const requestFeatureAccess = (
  { data, metadata }: RequestFeatureAccess,
  state: Company,
): FeatureAccessRequested[] => {
  const company = registered(state, data.companyId, metadata.companyId);
  const feature = featureState(company, data.feature);
  const { access } = FEATURE_CATALOGUE[data.feature];
  if (access === 'coming_soon') throw companyError('FEATURE_COMING_SOON');
  if (feature.active) throw companyError('FEATURE_ALREADY_ACTIVE');
  if (access === 'free' && !feature.switchedOff) throw companyError('FEATURE_FREE');
  if (feature.requestedAt) return []; // asked already: the provider's team has it
  return [
    {
      type: 'FeatureAccessRequested',
      data: {
        companyId: company.id,
        feature: data.feature,
        requestedBy: metadata.userId ?? '',
        requestedAt: metadata.now,
      },
    },
  ];
};

const addLogo = ({ data, metadata }: AddLogo, state: Company): (LogoAdded | DefaultLogoChosen)[] => {
  const company = registered(state, data.companyId, metadata.companyId);
  if (company.logos.some((logo) => logo.id === data.logoId)) return [];
  if (company.logos.length >= MAX_LOGOS) throw companyError('LOGO_LIMIT_REACHED');
  const added: LogoAdded = {
    type: 'LogoAdded',
    data: {
      companyId: company.id,
      logoId: data.logoId,
      originalName: data.originalName,
      storageKey: data.storageKey,
      mimeType: data.mimeType,
      sizeBytes: data.sizeBytes,
      width: data.width,
      height: data.height,
      addedAt: metadata.now,
    },
  };
  // The first logo becomes the default, so invoices have one without a second step.
  if (company.defaultLogoId !== null) return [added];
  return [
    added,
    {
      type: 'DefaultLogoChosen',
      data: { companyId: company.id, logoId: data.logoId, chosenAt: metadata.now },
    },
  ];
};

const removeLogo = ({ data, metadata }: RemoveLogo, state: Company): (LogoRemoved | DefaultLogoChosen)[] => {
  const company = registered(state, data.companyId, metadata.companyId);
  if (!company.logos.some((logo) => logo.id === data.logoId)) throw companyError('LOGO_NOT_FOUND');
  const removed: LogoRemoved = {
    type: 'LogoRemoved',
    data: { companyId: company.id, logoId: data.logoId, removedAt: metadata.now },
  };
  if (company.defaultLogoId !== data.logoId) return [removed];
  // The newest remaining logo takes over as the default; none left, no default.
  const next = company.logos.filter((logo) => logo.id !== data.logoId).at(-1)?.id ?? null;
  return [
    removed,
    { type: 'DefaultLogoChosen', data: { companyId: company.id, logoId: next, chosenAt: metadata.now } },
  ];
};

const chooseDefaultLogo = ({ data, metadata }: ChooseDefaultLogo, state: Company): DefaultLogoChosen[] => {
  const company = registered(state, data.companyId, metadata.companyId);
  if (!company.logos.some((logo) => logo.id === data.logoId)) throw companyError('LOGO_NOT_FOUND');
  if (company.defaultLogoId === data.logoId) return [];
  return [
    {
      type: 'DefaultLogoChosen',
      data: { companyId: company.id, logoId: data.logoId, chosenAt: metadata.now },
    },
  ];
};

export function decide(command: CompanyCommand, state: Company): CompanyEvent[] {
  switch (command.type) {
    case 'RegisterCompany':
      return register(command, state);
    case 'UpdateCompanyDetails':
      return updateDetails(command, state);
    case 'ActivateFeature':
      return activateFeature(command, state);
    case 'DeactivateFeature':
      return deactivateFeature(command, state);
    case 'RequestFeatureAccess':
      return requestFeatureAccess(command, state);
    case 'AddLogo':
      return addLogo(command, state);
    case 'RemoveLogo':
      return removeLogo(command, state);
    case 'ChooseDefaultLogo':
      return chooseDefaultLogo(command, state);
    case 'AddPriceTier':
      return addPriceTier(command, state);
    case 'UpdatePriceTier':
      return updatePriceTier(command, state);
    case 'RemovePriceTier':
      return removePriceTier(command, state);
    case 'ChoosePriceTierBase':
      return choosePriceTierBase(command, state);
    case 'ChangeCompliancePolicy':
      return changeCompliancePolicy(command, state);
    default:
      return assertNever(command);
  }
}

export const companyDecider: Decider<Company, CompanyCommand, CompanyEvent> = {
  decide,
  evolve,
  initialState,
};

export const companyStream = (companyId: string) => `company-${companyId}`;
