import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { RequestFeatureAccess } from '#domain/companies/company.commands.js';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import type { CompanyEvent } from '#domain/companies/company.events.js';
import { FEATURE_CATALOGUE } from '#domain/companies/company.features.js';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config.js';
import { EventAppender } from '#engine';
import { EVENT_STORE, type EventStore } from '#engine';
import { escapeHtml } from '../../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailPort } from '../../infra/mail/mail.port.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyDecision } from '../../companies/commands/company.decisions.js';
import { RequestFeatureAccessCommand } from './request-feature-access.command.js';

/**
 * Decides first without recording (so a refused request sends nothing), e-mails the provider's team, then records
 * the request. If recording fails after the e-mail went out, the user's retry sends a second e-mail: better than a
 * recorded request nobody was told about.
 */
@CommandHandler(RequestFeatureAccessCommand)
export class RequestFeatureAccessHandler implements ICommandHandler<RequestFeatureAccessCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ feature, metadata }: RequestFeatureAccessCommand): Promise<void> {
    const stream = companyStream(metadata.companyId);
    const command: RequestFeatureAccess = {
      type: 'RequestFeatureAccess',
      data: { companyId: metadata.companyId, feature },
      metadata,
    };
    let state = companyDecider.initialState();
    for await (const event of this.store.readStream(stream))
      state = companyDecider.evolve(state, event as unknown as CompanyEvent);
    if (companyDecider.decide(command, state).length === 0) return; // asked already and not yet answered
    await this.tellProvider(feature, metadata.companyId, metadata.userId);
    await this.events.run(companyDecision(metadata.companyId, command), metadata);
  }

  private async tellProvider(
    feature: RequestFeatureAccess['data']['feature'],
    companyId: string,
    userId: string | null,
  ) {
    const { rows } = await this.pool.query<{ company: string; name: string; email: string }>(
      `SELECT c.name AS company, u.name, u.email FROM rm_company c LEFT JOIN users u ON u.id = $2 WHERE c.id = $1`,
      [companyId, userId],
    );
    const who = rows[0] ?? { company: companyId, name: 'unknown user', email: '' };
    const { title } = FEATURE_CATALOGUE[feature];
    const command = `npm run cli -- features:set --company ${companyId} --feature ${feature} --on`;
    const lines = [
      `${who.name} <${who.email}> of ${who.company} asks for access to ${title} (${feature}).`,
      `Company id: ${companyId}`,
      `To switch it on: ${command}`,
    ];
    await this.mail.send({
      to: this.config.providerEmail,
      subject: `Feature access request: ${title} for ${who.company}`,
      text: lines.join('\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    });
  }
}
