import { deciderSpec } from '../shared/decider-spec.js';
import type { RegisterCompany } from './company.commands.js';
import { companyDecider } from './company.decide.js';
import type { CompanyRegistered } from './company.events.js';

const given = deciderSpec(companyDecider);

const aRegisterCompany = (data: Partial<RegisterCompany['data']> = {}): RegisterCompany => ({
  type: 'RegisterCompany',
  data: { companyId: 'co-1', name: 'Jane Doe', ownerUserId: 'u-1', ...data },
  metadata: { companyId: 'co-1', userId: 'u-1', now: '2026-11-21T15:00:00.000Z' },
});

const aCompanyRegistered = (): CompanyRegistered => ({
  type: 'CompanyRegistered',
  data: { companyId: 'co-1', name: 'Jane Doe', ownerUserId: 'u-1', timeZone: 'America/Chicago', registeredAt: '2026-11-21T15:00:00.000Z' },
});

describe('Company', () => {
  describe('when not registered yet', () => {
    it('registers with the owner and the default time zone, America/Chicago', () =>
      given([]).when(aRegisterCompany()).then([aCompanyRegistered()]));

    it('trims the name', () => given([]).when(aRegisterCompany({ name: '  Jane Doe ' })).then([aCompanyRegistered()]));

    it('refuses an empty name', () =>
      given([]).when(aRegisterCompany({ name: '   ' })).thenThrows('Company name is required.'));
  });

  describe('when registered', () => {
    it('refuses to register again', () =>
      given([aCompanyRegistered()]).when(aRegisterCompany()).thenThrows('This company is registered already.'));
  });
});
