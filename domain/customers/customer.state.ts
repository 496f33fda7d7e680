import type { CustomerEvent, CustomerFields } from './customer.events.js';

export type Customer =
  | { status: 'none' }
  | { status: 'active'; id: string; companyId: string; fields: CustomerFields }
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
      };
    }
    case 'CustomerRemoved':
      return { status: 'removed', id: event.data.customerId, companyId: event.data.companyId };
    case 'CustomerPriceTierChanged':
      if (state.status !== 'active') return state;
      return { ...state, fields: { ...state.fields, productPriceTierId: event.data.productPriceTierId } };
    default:
      return state; // events of later versions are ignored, not fatal
  }
}
