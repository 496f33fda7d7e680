import type pg from 'pg';
import type { AppConfig } from '../infra/config/config.js';
import { hashToken, LINK_NOT_FOUND, PublicLinks } from './public-links.js';
import { SystemClock } from '../infra/clock.js';

/**
 * A pool whose public_link table holds one live link (token 'a'×43 → customer c-1 of company co-1), and whose
 * `rate_limit_hit` counts attempts per key in memory as the SQL function does (refused at the limit, nothing counted).
 */
const LIVE = 'a'.repeat(43);
const aPool = () => {
  const attempts = new Map<string, number>();
  return {
    query: async (sql: string | { name?: string; values: unknown[] }, values: unknown[] = []) => {
      if (typeof sql === 'object' && sql.name === 'stampline_rate_limit_hit') {
        const [keys, limits] = sql.values as [string[], number[]];
        const allowed = keys.every((key, i) => (attempts.get(key) ?? 0) < limits[i]!);
        if (allowed) for (const key of keys) attempts.set(key, (attempts.get(key) ?? 0) + 1);
        return { rows: [{ allowed }] };
      }
      return {
        rows:
          values[1] === 'customer_balance' && values[0] === hashToken(LIVE)
            ? [{ id: 'l-1', company_id: 'co-1', subject_id: 'c-1' }]
            : [],
      };
    },
  } as unknown as pg.Pool;
};

describe('PublicLinks.open', () => {
  const links = () =>
    new PublicLinks(
      aPool(),
      { publicLinkDays: 30, publicLinkFailedLookups: 60 } as AppConfig,
      new SystemClock(),
    );

  it('loads the subject of a live link', async () => {
    await expect(
      links().open('customer_balance', LIVE, '10.0.0.1', async (link) => link.subjectId),
    ).resolves.toBe('c-1');
  });

  it("answers the link's 404 for a dead token and for a subject deleted since", async () => {
    const service = links();
    await expect(
      service.open('customer_balance', 'b'.repeat(43), '10.0.0.1', async () => 1),
    ).rejects.toMatchObject({
      response: { statusCode: 404, message: LINK_NOT_FOUND },
    });
    const gone = Object.assign(new Error('Customer Not Found'), { kind: 'not_found' });
    await expect(
      service.open('customer_balance', LIVE, '10.0.0.1', async () => Promise.reject(gone)),
    ).rejects.toMatchObject({ response: { statusCode: 404, message: LINK_NOT_FOUND } });
  });

  it('refuses a client that keeps guessing, whatever kind of link it guesses, and no one else', async () => {
    const service = links();
    for (let i = 0; i < 60; i++) {
      const kind = i % 2 === 0 ? 'invoice' : 'customer_balance';
      await expect(service.open(kind, `x${i}`, '10.0.0.9', async () => 1)).rejects.toMatchObject({
        response: { statusCode: 404 },
      });
    }
    await expect(service.open('invoice', 'x', '10.0.0.9', async () => 1)).rejects.toMatchObject({
      response: { statusCode: 429 },
    });
    await expect(service.open('customer_balance', LIVE, '10.0.0.9', async () => 'still opens')).resolves.toBe(
      'still opens',
    );
    await expect(service.open('invoice', 'x', '10.0.0.2', async () => 1)).rejects.toMatchObject({
      response: { statusCode: 404 },
    });
  });
});
