import type { CommandMetadata } from '../shared/decider.js';
import type {
  ActivateFeature,
  AddLogo,
  AddPriceTier,
  ChangeCompliancePolicy,
  ChooseDefaultLogo,
  ChoosePriceTierBase,
  DeactivateFeature,
  RegisterCompany,
  RemoveLogo,
  RemovePriceTier,
  RequestFeatureAccess,
  UpdateCompanyDetails,
  UpdatePriceTier,
} from './company.commands.js';
import type {
  CompanyDetailsUpdated,
  CompliancePolicyChanged,
  CompanyRegistered,
  DefaultLogoChosen,
  FeatureAccessRequested,
  FeatureActivated,
  FeatureDeactivated,
  LogoAdded,
  LogoRemoved,
  PriceTierAdded,
  PriceTierRemoved,
  PriceTierUpdated,
} from './company.events.js';
import { defaultDetails } from './company.rules.js';
import { DEFAULT_COMPLIANCE_POLICY, type CompliancePolicy } from './compliance-policy.js';

export const COMPANY_ID = 'co-1';
export const OWNER_ID = 'u-1';
export const NOW = '2026-11-22T15:00:00.000Z';

export const metadata = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  companyId: COMPANY_ID,
  userId: OWNER_ID,
  now: NOW,
  ...overrides,
});

export const aRegisterCompany = (data: Partial<RegisterCompany['data']> = {}): RegisterCompany => ({
  type: 'RegisterCompany',
  data: { companyId: COMPANY_ID, name: 'Jane Doe', ownerUserId: OWNER_ID, ...data },
  metadata: metadata(),
});

export const aCompanyRegistered = (data: Partial<CompanyRegistered['data']> = {}): CompanyRegistered => ({
  type: 'CompanyRegistered',
  data: {
    companyId: COMPANY_ID,
    name: 'Jane Doe',
    ownerUserId: OWNER_ID,
    timeZone: 'America/Chicago',
    registeredAt: NOW,
    ...data,
  },
});

/** A complete settings form, as the web sends it. */
export const anUpdateCompanyDetails = (
  data: Partial<UpdateCompanyDetails['data']> = {},
  meta: Partial<CommandMetadata> = {},
): UpdateCompanyDetails => ({
  type: 'UpdateCompanyDetails',
  data: {
    companyId: COMPANY_ID,
    name: 'Lone Star Spirits',
    address: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    tabcId: 'LP123456',
    ...data,
  },
  metadata: metadata(meta),
});

export const aCompanyDetailsUpdated = (
  data: Partial<CompanyDetailsUpdated['data']> = {},
): CompanyDetailsUpdated => ({
  type: 'CompanyDetailsUpdated',
  data: {
    companyId: COMPANY_ID,
    ...defaultDetails('Lone Star Spirits'),
    address: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    tabcId: 'LP123456',
    updatedAt: NOW,
    ...data,
  },
});

export const anActivateFeature = (data: Partial<ActivateFeature['data']> = {}): ActivateFeature => ({
  type: 'ActivateFeature',
  data: { companyId: COMPANY_ID, feature: 'payment', by: 'user', ...data },
  metadata: metadata(),
});

export const aDeactivateFeature = (data: Partial<DeactivateFeature['data']> = {}): DeactivateFeature => ({
  type: 'DeactivateFeature',
  data: { companyId: COMPANY_ID, feature: 'payment', by: 'user', ...data },
  metadata: metadata(),
});

export const aRequestFeatureAccess = (
  data: Partial<RequestFeatureAccess['data']> = {},
): RequestFeatureAccess => ({
  type: 'RequestFeatureAccess',
  data: { companyId: COMPANY_ID, feature: 'order', ...data },
  metadata: metadata(),
});

export const aFeatureActivated = (data: Partial<FeatureActivated['data']> = {}): FeatureActivated => ({
  type: 'FeatureActivated',
  data: {
    companyId: COMPANY_ID,
    feature: 'payment',
    by: 'user',
    ignorePricing: false,
    activatedAt: NOW,
    ...data,
  },
});

export const aFeatureDeactivated = (data: Partial<FeatureDeactivated['data']> = {}): FeatureDeactivated => ({
  type: 'FeatureDeactivated',
  data: { companyId: COMPANY_ID, feature: 'payment', by: 'user', deactivatedAt: NOW, ...data },
});

export const aFeatureAccessRequested = (
  data: Partial<FeatureAccessRequested['data']> = {},
): FeatureAccessRequested => ({
  type: 'FeatureAccessRequested',
  data: { companyId: COMPANY_ID, feature: 'order', requestedBy: OWNER_ID, requestedAt: NOW, ...data },
});

export const anAddLogo = (data: Partial<AddLogo['data']> = {}): AddLogo => ({
  type: 'AddLogo',
  data: {
    companyId: COMPANY_ID,
    logoId: 'logo-1',
    originalName: 'logo.png',
    storageKey: 'companies/co-1/logos/logo-1.png',
    mimeType: 'image/png',
    sizeBytes: 2048,
    width: 200,
    height: 100,
    ...data,
  },
  metadata: metadata(),
});

export const aLogoAdded = (data: Partial<LogoAdded['data']> = {}): LogoAdded => ({
  type: 'LogoAdded',
  data: {
    companyId: COMPANY_ID,
    logoId: 'logo-1',
    originalName: 'logo.png',
    storageKey: 'companies/co-1/logos/logo-1.png',
    mimeType: 'image/png',
    sizeBytes: 2048,
    width: 200,
    height: 100,
    addedAt: NOW,
    ...data,
  },
});

export const aRemoveLogo = (data: Partial<RemoveLogo['data']> = {}): RemoveLogo => ({
  type: 'RemoveLogo',
  data: { companyId: COMPANY_ID, logoId: 'logo-1', ...data },
  metadata: metadata(),
});

export const aLogoRemoved = (data: Partial<LogoRemoved['data']> = {}): LogoRemoved => ({
  type: 'LogoRemoved',
  data: { companyId: COMPANY_ID, logoId: 'logo-1', removedAt: NOW, ...data },
});

export const aChooseDefaultLogo = (data: Partial<ChooseDefaultLogo['data']> = {}): ChooseDefaultLogo => ({
  type: 'ChooseDefaultLogo',
  data: { companyId: COMPANY_ID, logoId: 'logo-1', ...data },
  metadata: metadata(),
});

export const aDefaultLogoChosen = (data: Partial<DefaultLogoChosen['data']> = {}): DefaultLogoChosen => ({
  type: 'DefaultLogoChosen',
  data: { companyId: COMPANY_ID, logoId: 'logo-1', chosenAt: NOW, ...data },
});

export const TIER_ID = '6f1c0000-0000-4000-8000-0000000000a2';
export const BASE_TIER_ID = '6f1c0000-0000-4000-8000-0000000000a1';

/** The provider's team switched tiered pricing on. */
export const tieredPricingOn = () => aFeatureActivated({ feature: 'tiered_pricing', by: 'provider' });

export const anAddPriceTier = (
  data: Partial<AddPriceTier['data']> = {},
  meta: Partial<CommandMetadata> = {},
): AddPriceTier => ({
  type: 'AddPriceTier',
  data: { companyId: COMPANY_ID, tierId: TIER_ID, baseTierId: BASE_TIER_ID, ...data },
  metadata: metadata(meta),
});

export const aBaseTierAdded = (): PriceTierAdded => ({
  type: 'PriceTierAdded',
  data: {
    companyId: COMPANY_ID,
    tierId: BASE_TIER_ID,
    name: 'Base',
    percentageBasisPoints: 0,
    color: 'grey',
    isBaseTier: true,
    addedAt: NOW,
  },
});

export const aPriceTierAdded = (data: Partial<PriceTierAdded['data']> = {}): PriceTierAdded => ({
  type: 'PriceTierAdded',
  data: {
    companyId: COMPANY_ID,
    tierId: TIER_ID,
    name: 'Tier 1',
    percentageBasisPoints: 1000,
    color: 'red',
    isBaseTier: false,
    addedAt: NOW,
    ...data,
  },
});

export const anUpdatePriceTier = (
  data: Partial<UpdatePriceTier['data']> = {},
  meta: Partial<CommandMetadata> = {},
): UpdatePriceTier => ({
  type: 'UpdatePriceTier',
  data: { companyId: COMPANY_ID, tierId: TIER_ID, ...data },
  metadata: metadata(meta),
});

export const aPriceTierUpdated = (data: Partial<PriceTierUpdated['data']> = {}): PriceTierUpdated => ({
  type: 'PriceTierUpdated',
  data: {
    companyId: COMPANY_ID,
    tierId: TIER_ID,
    name: 'Tier 1',
    percentageBasisPoints: 1000,
    color: 'red',
    updatedAt: NOW,
    ...data,
  },
});

export const aRemovePriceTier = (
  data: Partial<RemovePriceTier['data']> = {},
  meta: Partial<CommandMetadata> = {},
): RemovePriceTier => ({
  type: 'RemovePriceTier',
  data: { companyId: COMPANY_ID, tierId: TIER_ID, ...data },
  metadata: metadata(meta),
});

export const aPriceTierRemoved = (data: Partial<PriceTierRemoved['data']> = {}): PriceTierRemoved => ({
  type: 'PriceTierRemoved',
  data: { companyId: COMPANY_ID, tierId: TIER_ID, migratedToTierId: BASE_TIER_ID, removedAt: NOW, ...data },
});

export const aChoosePriceTierBase = (base: string): ChoosePriceTierBase => ({
  type: 'ChoosePriceTierBase',
  data: { companyId: COMPANY_ID, base },
  metadata: metadata(),
});

export const aChangeCompliancePolicy = (
  data: Partial<ChangeCompliancePolicy['data']> = {},
  meta: Partial<CommandMetadata> = {},
): ChangeCompliancePolicy => ({
  type: 'ChangeCompliancePolicy',
  data: { companyId: COMPANY_ID, ...data },
  metadata: metadata(meta),
});

export const aCompliancePolicyChanged = (
  policy: Partial<CompliancePolicy> = {},
  changedAt = NOW,
): CompliancePolicyChanged => ({
  type: 'CompliancePolicyChanged',
  data: { companyId: COMPANY_ID, policy: { ...DEFAULT_COMPLIANCE_POLICY, ...policy }, changedAt },
});
