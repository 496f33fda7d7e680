import { PartnerHttp, requireId } from '../partner-http.js';
import { PartnerRefused, type PartnerInvoice, type PartnerPort } from '../partner.port.js';
import { FINTECH_REFERENCE_PREFIX, FINTECH_UNIT } from './fintech.rules.js';

export interface FintechSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  ratePerSecond: number;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The fintech (the retailer's payment platform) over HTTP. Its API is not public: the shape is our assumption (README,
 * Integrations) — `POST /api/v1/invoices` with the reference (prefix + number), both fintech ids and the lines in
 * unit EA, with an `Idempotency-Key` (our invoice id and what was sent), answering `{ id }`. An invoice whose customer
 * has no fintech id is refused before any call (the fintech id goes with the fintech option).
 */
export class FintechAdapter implements PartnerPort {
  readonly partner = 'fintech' as const;
  private readonly http: PartnerHttp;

  constructor(settings: FintechSettings) {
    this.http = new PartnerHttp({
      title: 'Fintech',
      baseUrl: settings.baseUrl,
      headers: () => ({ authorization: `Bearer ${settings.apiKey}` }),
      timeoutMs: settings.timeoutMs,
      ratePerSecond: settings.ratePerSecond,
    });
  }

  async pushInvoice(invoice: PartnerInvoice, idempotencyKey?: string) {
    if (!invoice.fintech?.retailerId) throw new PartnerRefused('The customer has no fintech id.');
    const answer = await this.http.json<{ id?: unknown }>(
      'POST',
      '/api/v1/invoices',
      {
        reference: `${FINTECH_REFERENCE_PREFIX}${invoice.number}`,
        retailer_fintech_id: invoice.fintech.retailerId,
        distributor_fintech_id: invoice.fintech.distributorId,
        invoice_date: invoice.invoicedOn,
        due_date: invoice.dueOn,
        lines: invoice.lines.map((line) => ({
          upc: line.upc,
          description: `${line.name} ${line.size}`.trim(),
          quantity: line.qty,
          unit_of_measure: FINTECH_UNIT,
          unit_price: money(line.priceCents),
          extended: money(line.totalCents),
        })),
        total: money(invoice.totalCents),
      },
      idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
    );
    return { externalId: requireId('Fintech', answer?.id) };
  }

  pushProduct(): Promise<{ externalId: string }> {
    return Promise.reject(new PartnerRefused('Fintech takes invoices only.'));
  }
}
