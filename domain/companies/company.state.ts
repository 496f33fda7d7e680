import type { CompanyEvent } from './company.events.js';

export type Company =
  | { status: 'none' }
  | { status: 'registered'; id: string; name: string; ownerUserId: string; timeZone: string };

export const initialState = (): Company => ({ status: 'none' });

export function evolve(state: Company, event: CompanyEvent): Company {
  switch (event.type) {
    case 'CompanyRegistered':
      return {
        status: 'registered',
        id: event.data.companyId,
        name: event.data.name,
        ownerUserId: event.data.ownerUserId,
        timeZone: event.data.timeZone,
      };
    default:
      return state; // events of later versions are ignored, not fatal
  }
}
