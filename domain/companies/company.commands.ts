import type { CommandMetadata } from '../shared/decider.js';

export interface RegisterCompany {
  type: 'RegisterCompany';
  data: { companyId: string; name: string; ownerUserId: string; timeZone?: string };
  metadata: CommandMetadata;
}

export type CompanyCommand = RegisterCompany;
