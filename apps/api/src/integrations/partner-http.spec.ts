import { ContractServer } from './contract-server.js';
import { PartnerHttp } from './partner-http.js';
import { PartnerRefused, PartnerUnavailable } from './partner.port.js';

describe('PartnerHttp', () => {
  let calls = 0;
  let answer: { status: number; body: unknown } = { status: 200, body: { id: 'x' } };
  const server = new ContractServer(
    () => {
      calls++;
      return answer;
    },
    (request) => request.headers.authorization === 'Bearer k',
  );
  const http = (ratePerSecond = 1000, key = 'k') =>
    new PartnerHttp({
      title: 'Partner',
      baseUrl: server.url,
      headers: () => ({ authorization: `Bearer ${key}` }),
      timeoutMs: 300,
      ratePerSecond,
    });

  beforeAll(() => server.start());
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    calls = 0;
    answer = { status: 200, body: { id: 'x' } };
  });

  it('spaces its requests to the rate limit', async () => {
    const client = http(20);
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => client.json('GET', '/x')));
    expect(calls).toBe(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240); // 5 gaps of 50 ms
  });

  it('tells a refused record from an unavailable partner, in its own words', async () => {
    answer = { status: 422, body: { message: 'secret detail' } };
    await expect(http().json('PUT', '/x', {})).rejects.toEqual(
      new PartnerRefused('Partner refused it (422).'),
    );
    answer = { status: 503, body: {} };
    await expect(http().json('PUT', '/x', {})).rejects.toEqual(
      new PartnerUnavailable('Partner failed with an error (503).'),
    );
    await expect(http(1000, 'wrong').json('GET', '/x')).rejects.toEqual(
      new PartnerUnavailable('Partner refused the credentials (401).'),
    );
  });

  it('waits once for a 429 with a short Retry-After', async () => {
    let first = true;
    answer = { status: 200, body: { id: 'y' } };
    const limited = new ContractServer(
      () => {
        if (first) {
          first = false;
          return { status: 429, body: {} };
        }
        return answer;
      },
      () => true,
    );
    await limited.start();
    try {
      const client = new PartnerHttp({
        title: 'Partner',
        baseUrl: limited.url,
        headers: () => ({}),
        timeoutMs: 300,
        ratePerSecond: 1000,
      });
      await expect(client.json('GET', '/x')).resolves.toEqual({ id: 'y' });
    } finally {
      await limited.close();
    }
  });
  it('refreshes once on a 401 and sends again with the new headers; a second 401 stops', async () => {
    let key = 'old';
    let refreshes = 0;
    const client = new PartnerHttp({
      title: 'Partner',
      baseUrl: server.url,
      headers: () => ({ authorization: `Bearer ${key}` }),
      timeoutMs: 300,
      ratePerSecond: 1000,
      onUnauthorized: async () => {
        refreshes++;
        key = refreshes === 1 ? 'k' : 'still-wrong';
      },
    });
    await expect(client.json('GET', '/x')).resolves.toEqual({ id: 'x' });
    expect(refreshes).toBe(1);
    key = 'expired';
    refreshes = 1;
    await expect(client.json('GET', '/x')).rejects.toThrow('Partner refused the credentials (401).');
  });

  it("keeps a 4xx answer's short fault code, never its prose", async () => {
    answer = {
      status: 400,
      body: { Fault: { Error: [{ code: '6240', Message: 'Duplicate Name Exists' }] } },
    };
    const client = new PartnerHttp({
      title: 'QuickBooks',
      baseUrl: server.url,
      headers: () => ({ authorization: 'Bearer k' }),
      timeoutMs: 300,
      ratePerSecond: 1000,
      faultCode: (body) => (body as { Fault: { Error: { code: string }[] } }).Fault.Error[0]!.code,
    });
    const refused = await client.json('POST', '/x', {}).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(PartnerRefused);
    expect(refused).toMatchObject({ message: 'QuickBooks refused it (400, error 6240).', code: '6240' });
  });
});
