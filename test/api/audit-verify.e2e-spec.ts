import { auditVerify } from '../../apps/cli/src/audit-verify.command.js';
import { aCompanyWithAnInvoice, type CompanyWithAnInvoice } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { apiClient } from '../support/http.js';

/** `npm run audit:verify -- --company …` on a company the API wrote. */
describe('audit:verify (CLI)', () => {
  let app: TestApp;
  let company: CompanyWithAnInvoice;
  const verify = (...args: string[]) => runCli(() => auditVerify(app.runtime.store, args));

  beforeAll(async () => {
    app = await startTestApp();
    company = await aCompanyWithAnInvoice(apiClient(app.baseUrl));
  });
  afterAll(async () => {
    await app.close();
  });

  it("says the company's chain holds, with its head", async () => {
    const { code, out } = await verify('--company', company.companyId);
    expect(code).toBe(0);
    expect(out).toMatch(
      new RegExp(
        `^Event chain of company ${company.companyId} holds: \\d+ links checked\\. Head: #\\d+ [0-9a-f]{64}$`,
      ),
    );
  });

  it('names the first broken link when an event was changed behind the store', async () => {
    const { rows } = await app.runtime.pool.query<{ seq: string; position: string }>(
      `SELECT chain_seq::text AS seq, position::text FROM events
        WHERE stream_id = $1 AND type = 'InvoiceCreated'`,
      [`invoice-${company.invoiceId}`],
    );
    const created = rows[0]!;
    await app.runtime.pool.query(
      `UPDATE events SET data = jsonb_set(data, '{totals,totalCents}', '1') WHERE position = $1`,
      [created.position],
    );
    const { code, out } = await verify('--company', company.companyId);
    expect(code).toBe(1);
    expect(out).toContain(
      `Event chain of company ${company.companyId} is BROKEN at link #${created.seq}, position ${created.position}, stream invoice-${company.invoiceId} revision 0`,
    );
    expect(out).toContain("the event does not match its link's hash (the event or its hash was changed).");
    expect(out).toContain(`The ${Number(created.seq) - 1} links before it hold`);
  });

  it('refuses a missing or malformed company id', async () => {
    const { code, err } = await verify('--company', 'acme');
    expect(code).toBe(1);
    expect(err).toBe('--company needs a company id (a uuid). audit:verify --company <company id>');
  });
});
