import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Partner } from '#domain/integrations/integration.events.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { BottlePosAdapter } from './bottle-pos/bottle-pos.adapter.js';
import { bottlePosContractServer, LOCAL_BOTTLE_POS_KEY } from './bottle-pos/bottle-pos.contract-server.js';
import { CloverAdapter } from './clover/clover.adapter.js';
import {
  cloverContractServer,
  LOCAL_CLOVER_MERCHANT,
  LOCAL_CLOVER_TOKEN,
} from './clover/clover.contract-server.js';
import type { ContractServer } from './contract-server.js';
import { FintechAdapter } from './fintech/fintech.adapter.js';
import { fintechContractServer, LOCAL_FINTECH_KEY } from './fintech/fintech.contract-server.js';
import { MpowerAdapter } from './mpower/mpower.adapter.js';
import { LOCAL_MPOWER_KEY, mpowerContractServer } from './mpower/mpower.contract-server.js';
import type { PartnerPort } from './partner.port.js';

/**
 * The partners' ports, configured from the environment. A partner without credentials gets its local contract server
 * (started on first use, on 127.0.0.1) and the same HTTP adapter pointed at it, so the demo and the tests run the
 * real adapter code end to end. `local` holds those servers (tests inject faults through it).
 */
@Injectable()
export class IntegrationPartners implements OnModuleDestroy {
  readonly local: Partial<Record<Partner, ContractServer>> = {};
  private readonly ports = new Map<Partner, Promise<PartnerPort>>();
  private readonly logger = new Logger('Integrations');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  port(partner: Partner): Promise<PartnerPort> {
    let port = this.ports.get(partner);
    if (!port) {
      port = this.open(partner);
      this.ports.set(partner, port);
      port.catch(() => this.ports.delete(partner));
    }
    return port;
  }

  /** Whether a partner runs against its local contract server (no credentials configured). */
  isLocal(partner: Partner): boolean {
    const { bottlePos, clover, mpower, fintech } = this.config.integrations;
    if (partner === 'mpower') return !mpower.apiKey;
    if (partner === 'fintech') return !fintech.apiKey;
    return partner === 'bottle_pos' ? !bottlePos.apiKey : !(clover.apiToken && clover.merchantId);
  }

  private async open(partner: Partner): Promise<PartnerPort> {
    const { bottlePos, clover, mpower, fintech, timeoutMs, ratePerSecond } = this.config.integrations;
    const limits = { timeoutMs, ratePerSecond };
    if (partner === 'fintech') {
      if (!this.isLocal('fintech'))
        return new FintechAdapter({ baseUrl: fintech.url ?? '', apiKey: fintech.apiKey!, ...limits });
      const server = await this.startLocal('fintech', fintechContractServer);
      return new FintechAdapter({ baseUrl: server.url, apiKey: LOCAL_FINTECH_KEY, ...limits });
    }
    if (partner === 'mpower') {
      if (!this.isLocal('mpower'))
        return new MpowerAdapter({ baseUrl: mpower.url ?? '', apiKey: mpower.apiKey!, ...limits });
      const server = await this.startLocal('mpower', mpowerContractServer);
      return new MpowerAdapter({ baseUrl: server.url, apiKey: LOCAL_MPOWER_KEY, ...limits });
    }
    if (partner === 'bottle_pos') {
      if (!this.isLocal('bottle_pos'))
        return new BottlePosAdapter({ baseUrl: bottlePos.url ?? '', apiKey: bottlePos.apiKey!, ...limits });
      const server = await this.startLocal('bottle_pos', bottlePosContractServer);
      return new BottlePosAdapter({ baseUrl: server.url, apiKey: LOCAL_BOTTLE_POS_KEY, ...limits });
    }
    if (!this.isLocal('clover'))
      return new CloverAdapter({
        baseUrl: clover.url,
        merchantId: clover.merchantId!,
        apiToken: clover.apiToken!,
        ...limits,
      });
    const server = await this.startLocal('clover', cloverContractServer);
    return new CloverAdapter({
      baseUrl: server.url,
      merchantId: LOCAL_CLOVER_MERCHANT,
      apiToken: LOCAL_CLOVER_TOKEN,
      ...limits,
    });
  }

  private async startLocal(partner: Partner, make: () => ContractServer): Promise<ContractServer> {
    const server = await make().start();
    this.local[partner] = server;
    this.logger.debug(`${partner}: no credentials set, using the local contract server at ${server.url}`);
    return server;
  }

  /** The local contract server of a partner, started if needed (tests). */
  async localServer(partner: Partner): Promise<ContractServer> {
    await this.port(partner);
    const server = this.local[partner];
    if (!server) throw new Error(`${partner} is configured with credentials: no local contract server`);
    return server;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(Object.values(this.local).map((server) => server?.close()));
  }
}
