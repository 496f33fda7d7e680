import { CommandBus } from '@nestjs/cqrs';
import { subdomainStream } from '#domain/companies/subdomain-reservation.decide.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { UpdateCompanyDetailsCommand } from '../../apps/api/src/companies/commands/update-company-details.command.js';
import { UpdateCompanyDetailsHandler } from '../../apps/api/src/companies/commands/update-company-details.handler.js';
import { EventAppender } from '#engine';
import { PostgresEventStore } from '#engine';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner } from '../support/http.js';

/**
 * Two companies ask for one subdomain at the same moment, one through the API process's command bus and one through
 * a second EventAppender on its own connection pool, as a second API process would: the in-process queue per stream
 * does not order them, only the reservation stream's expected revision at the database does.
 */
describe('Company subdomain under concurrency', () => {
  let app: TestApp;
  let secondStore: PostgresEventStore;
  let secondProcess: UpdateCompanyDetailsHandler;

  beforeAll(async () => {
    app = await startTestApp();
    secondStore = new PostgresEventStore(app.runtime.databaseUrl, { notify: false });
    secondProcess = new UpdateCompanyDetailsHandler(
      new EventAppender(secondStore, {
        waitFor: (checkpoint) => app.runtime.projections.waitFor(checkpoint),
      }),
    );
  });
  afterAll(async () => {
    await secondStore?.close();
    await app?.close();
  });

  it('goes to exactly one of two companies in two processes, every time', async () => {
    const api = apiClient(app.baseUrl);
    const owners = await Promise.all([signUpOwner(api, 'Company A'), signUpOwner(api, 'Company B')]);
    const bus = app.app.get(CommandBus);
    for (let round = 0; round < 10; round++) {
      const subdomain = `race-${round}`;
      const commands = owners.map(
        ({ user }) =>
          new UpdateCompanyDetailsCommand(
            {
              companyId: user.company_id,
              name: 'Lone Star Spirits',
              address: '100 Congress Ave',
              city: 'Austin',
              state: 'TX',
              zip: '78701',
              tabcId: 'LP123456',
              subdomain,
            },
            { companyId: user.company_id, userId: user.id, now: new Date().toISOString() },
          ),
      );
      const outcomes = await Promise.allSettled([
        bus.execute(commands[0]!),
        secondProcess.execute(commands[1]!),
      ]);

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(DomainError);
      expect((refused.reason as DomainError).details).toEqual([
        { field: 'subdomain', message: 'This subdomain is taken by another company.' },
      ]);
      const claims: string[] = [];
      for await (const event of app.runtime.store.readStream(subdomainStream(subdomain)))
        claims.push(`${event.type} ${(event.data as { companyId: string }).companyId}`);
      const winner = owners[outcomes.findIndex((outcome) => outcome.status === 'fulfilled')]!;
      expect(claims).toEqual([`SubdomainClaimed ${winner.user.company_id}`]);
    }
  });
});
