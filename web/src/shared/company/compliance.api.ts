import type { CompliancePolicyResponse } from '#domain/contracts/company.contract';
import { api } from '../../app/api';
import { useAppSelector } from '../../app/store';

/** The company's TABC compliance rules, as GET/PUT /company/{id}/compliance answer them. */
export type CompliancePolicy = CompliancePolicyResponse;

const COMPLIANCE = 'Compliance' as const;

/** GET/PUT /company/{id}/compliance: owner only (a staff user gets 403). Tag 'Compliance'. */
export const complianceApi = api.enhanceEndpoints({ addTagTypes: [COMPLIANCE] }).injectEndpoints({
  endpoints: (build) => ({
    getCompliancePolicy: build.query<CompliancePolicy, string>({
      query: (id) => `company/${encodeURIComponent(id)}/compliance`,
      providesTags: [COMPLIANCE],
    }),
    changeCompliancePolicy: build.mutation<CompliancePolicy, { id: string; body: Partial<CompliancePolicy> }>(
      {
        query: ({ id, body }) => ({
          url: `company/${encodeURIComponent(id)}/compliance`,
          method: 'PUT',
          body,
        }),
        // The answer is the whole policy as saved: it replaces the cached one.
        onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
          try {
            const { data } = await queryFulfilled;
            dispatch(complianceApi.util.upsertQueryData('getCompliancePolicy', id, data));
          } catch {
            // the screen shows the error; the cached policy stays as it was
          }
        },
      },
    ),
  }),
});

export const { useGetCompliancePolicyQuery, useChangeCompliancePolicyMutation } = complianceApi;

/** The signed-in user's company policy (staff read it too: the builder counts stamps by it; only owners change it). */
export function useCompliancePolicy() {
  const user = useAppSelector((state) => state.session.user);
  const companyId = user?.company_id === undefined ? '' : String(user.company_id);
  return useGetCompliancePolicyQuery(companyId, { skip: !user });
}
