import { Fragment, type ReactNode } from 'react';
import { useAppSelector } from '../../app/store';
import { companyTimeZone, setCompanyTimeZone } from '../format';
import { useCompany } from './company.api';

/**
 * The signed-in company's time zone, made the zone of every date and time shown (shared/format.ts). The session
 * knows it from sign-in; the company, once loaded (and after the owner changes it in settings), has the last word.
 */
export function useCompanyClock(): string {
  const sessionZone = useAppSelector((state) => state.session.user?.company?.time_zone);
  const company = useCompany();
  // Set while rendering, before the pages below render and format anything.
  setCompanyTimeZone(company.data?.time_zone ?? sessionZone);
  return companyTimeZone();
}

/** Renders its pages on the company's clock; a change of zone draws them again, so no date keeps the old one. */
export function CompanyClock({ children }: { children: ReactNode }) {
  const zone = useCompanyClock();
  return <Fragment key={zone}>{children}</Fragment>;
}
