/** The signed-in customer user, attached to the request by CustomerUserGuard. */
export interface CustomerUserPrincipal {
  id: string;
  companyId: string;
  customerId: string;
  name: string;
  email: string;
}
