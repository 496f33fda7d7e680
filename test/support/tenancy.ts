import type { ApiClient } from './http.js';

export interface TenantRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path naming an object of the owning company. */
  path: string;
  body?: unknown;
}

/**
 * Proves that a user of another company gets 404 for each route naming the owner's objects, and that the
 * answer carries none of the object's data. Every area adds its routes to its own call of this helper.
 */
export async function expectOtherCompanyGets404(
  api: ApiClient,
  otherCompanyToken: string,
  routes: TenantRoute[],
  secrets: string[],
): Promise<void> {
  for (const route of routes) {
    const response = await api.call(route.method, route.path, { token: otherCompanyToken, body: route.body });
    const text = JSON.stringify(response.body ?? '');
    expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
      route: `${route.method} ${route.path}`,
      status: 404,
    });
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}
