import { assertNever, type Decider } from '../shared/decider.js';
import type { CompanyCommand, RegisterCompany } from './company.commands.js';
import { companyError } from './company.errors.js';
import { DEFAULT_TIME_ZONE, type CompanyEvent, type CompanyRegistered } from './company.events.js';
import { evolve, initialState, type Company } from './company.state.js';

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

export function decide(command: CompanyCommand, state: Company): CompanyEvent[] {
  switch (command.type) {
    case 'RegisterCompany':
      return register(command, state);
    default:
      return assertNever(command.type);
  }
}

export const companyDecider: Decider<Company, CompanyCommand, CompanyEvent> = { decide, evolve, initialState };

export const companyStream = (companyId: string) => `company-${companyId}`;
