/** A small JSON HTTP client for API tests: real requests against the listening app. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function apiClient(baseUrl: string) {
  const call = async <T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}/api/v1/${path.replace(/^\//, '')}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };
  return {
    get: <T = any>(path: string, token?: string) => call<T>('GET', path, { token }),
    post: <T = any>(path: string, body?: unknown, token?: string, headers?: Record<string, string>) =>
      call<T>('POST', path, { body, token, headers }),
    put: <T = any>(path: string, body?: unknown, token?: string, headers?: Record<string, string>) =>
      call<T>('PUT', path, { body, token, headers }),
    delete: <T = any>(path: string, token?: string) => call<T>('DELETE', path, { token }),
    call,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

let counter = 0;
/** Signs up a fresh owner (and so a fresh company); returns the token and user. */
export async function signUpOwner(api: ApiClient, name = 'Jane Owner') {
  const email = `owner${Date.now()}${counter++}@example.test`;
  const response = await api.post('auth/signup', {
    name,
    title: 'Owner',
    email,
    password: 'secret1',
    confirm_password: 'secret1',
  });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return {
    token: response.body.access_token as string,
    user: response.body.user,
    email,
    password: 'secret1',
  };
}

/** A company's details as the settings form sends them: Lone Star Spirits in Austin, permit LP123456. */
export const LONE_STAR_SPIRITS = {
  name: 'Lone Star Spirits',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  tabc_id: 'LP123456',
};

/** The owner's company completed with LONE_STAR_SPIRITS and `settings` (its first invoice number, say). */
export async function completeCompany(
  api: ApiClient,
  owner: { token: string; user: { company_id: string } },
  settings: object = {},
) {
  const response = await api.put(
    `company/${owner.user.company_id}`,
    { ...LONE_STAR_SPIRITS, ...settings },
    owner.token,
  );
  if (response.status !== 200)
    throw new Error(`company: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * A staff user invited by the owner (`token`) and joined, then made a driver; returns their id, token, e-mail and
 * password.
 */
export async function aDriver(api: ApiClient, token: string, name = 'Dee Driver') {
  const email = `driver${Date.now()}${counter++}@example.test`;
  const invited = await api.post('company/staff/invitation', { name, email }, token);
  if (invited.status !== 201)
    throw new Error(`invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const joined = await api.post('auth/invitation/accept', {
    token: new URL(invited.body.link).searchParams.get('invitation'),
    name,
    title: 'Driver',
    password: 'driver-secret',
    confirm_password: 'driver-secret',
  });
  const made = await api.put(`company/staff/${joined.body.user.id}`, { role: 'driver' }, token);
  if (made.status !== 200 || made.body.role !== 'driver')
    throw new Error(`making a driver failed: ${made.status} ${JSON.stringify(made.body)}`);
  return {
    id: joined.body.user.id as string,
    token: joined.body.access_token as string,
    email,
    password: 'driver-secret',
  };
}
