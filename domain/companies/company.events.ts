/** Events of the `company-{id}` stream. */
export interface CompanyRegistered {
  type: 'CompanyRegistered';
  data: {
    companyId: string;
    name: string;
    ownerUserId: string;
    timeZone: string;
    registeredAt: string;
  };
}

export type CompanyEvent = CompanyRegistered;

export const DEFAULT_TIME_ZONE = 'America/Chicago';
