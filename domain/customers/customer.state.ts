import type { DelinquentOverride } from '../invoices/delinquent-list-gate.js';
import type { CustomerEvent, CustomerFields } from './customer.events.js';

export type Customer =
  | { status: 'none' }
  | {
      status: 'active';
      id: string;
      companyId: string;
      fields: CustomerFields;
      /** The owner's overrides of delinquent-list listings, oldest first. */
      delinquentOverrides?: DelinquentOverride[];
    }
  | { status: 'removed'; id: string; companyId: string };

export const initialState = (): Customer => ({ status: 'none' });

export function evolve(state: Customer, event: CustomerEvent): Customer {
  switch (event.type) {
    case 'CustomerCreated':
    case 'CustomerUpdated': {
      const { customerId, companyId, ...rest } = event.data;
      const {
        createdAt: _c,
        updatedAt: _u,
        ...fields
      } = rest as typeof rest & { createdAt?: string; updatedAt?: string };
      // Events written before the taxpayer number or payment terms existed lack them: none.
      return {
        status: 'active',
        id: customerId,
        companyId,
        fields: {
          ...fields,
          comptrollerTaxpayerNumber: fields.comptrollerTaxpayerNumber ?? null,
          paymentTerms: fields.paymentTerms ?? null,
        },
        ...(state.status === 'active' && state.delinquentOverrides
          ? { delinquentOverrides: state.delinquentOverrides }
          : {}),
      };
    }
    case 'CustomerRemoved':
      return { status: 'removed', id: event.data.customerId, companyId: event.data.companyId };
    case 'CustomerPriceTierChanged':
      if (state.status !== 'active') return state;
      return { ...state, fields: { ...state.fields, productPriceTierId: event.data.productPriceTierId } };
    case 'DelinquentOverrideRecorded': {
      if (state.status !== 'active') return state;
      const { customerId: _id, companyId: _co, ...override } = event.data;
      return { ...state, delinquentOverrides: [...(state.delinquentOverrides ?? []), override] };
    }
    default:
      return state; // events of later versions are ignored, not fatal
  }
}
