import type { CommandMetadata } from '../shared/decider.js';
import type { CreateCustomer, RemoveCustomer, UpdateCustomer } from './customer.commands.js';
import type { CustomerCreated, CustomerFields, CustomerRemoved, CustomerUpdated } from './customer.events.js';

export const COMPANY_ID = 'co-1';
export const CUSTOMER_ID = 'cu-1';
export const NOW = '2026-11-22T15:00:00.000Z';
export const LATER = '2026-11-23T15:00:00.000Z';

export const metadata = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  companyId: COMPANY_ID,
  userId: 'u-1',
  now: NOW,
  ...overrides,
});

/** The fields the form below records. */
export const customerFields = (overrides: Partial<CustomerFields> = {}): CustomerFields => ({
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  tabcId: 'MB123456',
  aimsId: null,
  aimsLicenseType: null,
  ydkEstId: null,
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  cashOnDelivery: false,
  fintechOption: false,
  fintechId: null,
  productPriceTierId: null,
  serviceStartOn: null,
  comptrollerTaxpayerNumber: null,
  paymentTerms: null,
  ...overrides,
});

export const aCreateCustomer = (
  data: Partial<CreateCustomer['data']> = {},
  meta: Partial<CommandMetadata> = {},
): CreateCustomer => ({
  type: 'CreateCustomer',
  data: {
    customerId: CUSTOMER_ID,
    name: 'The Rusty Nail',
    address: '500 E 6th St',
    city: 'Austin',
    zip: '78701',
    tabcId: 'MB123456',
    cashOnDelivery: false,
    fintechOption: false,
    ...data,
  },
  metadata: metadata(meta),
});

export const aCustomerCreated = (data: Partial<CustomerCreated['data']> = {}): CustomerCreated => ({
  type: 'CustomerCreated',
  data: { customerId: CUSTOMER_ID, companyId: COMPANY_ID, ...customerFields(), createdAt: NOW, ...data },
});

export const anUpdateCustomer = (
  data: Partial<UpdateCustomer['data']> = {},
  meta: Partial<CommandMetadata> = {},
): UpdateCustomer => ({
  type: 'UpdateCustomer',
  data: { customerId: CUSTOMER_ID, ...data },
  metadata: metadata({ now: LATER, ...meta }),
});

export const aCustomerUpdated = (data: Partial<CustomerUpdated['data']> = {}): CustomerUpdated => ({
  type: 'CustomerUpdated',
  data: { customerId: CUSTOMER_ID, companyId: COMPANY_ID, ...customerFields(), updatedAt: LATER, ...data },
});

export const aRemoveCustomer = (meta: Partial<CommandMetadata> = {}): RemoveCustomer => ({
  type: 'RemoveCustomer',
  data: { customerId: CUSTOMER_ID },
  metadata: metadata({ now: LATER, ...meta }),
});

export const aCustomerRemoved = (): CustomerRemoved => ({
  type: 'CustomerRemoved',
  data: { customerId: CUSTOMER_ID, companyId: COMPANY_ID, removedAt: LATER },
});
