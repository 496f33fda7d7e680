import { PartnerHttp, requireId } from '../partner-http.js';
import { PartnerRefused, type PartnerInvoice, type PartnerPort } from '../partner.port.js';

export interface MpowerSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  ratePerSecond: number;
}

/**
 * The sales platform ("MPower") over HTTP. Its API is not public: the shape is our assumption (README,
 * Integrations) — `PUT /api/v1/invoices/{ourInvoiceId}` with the invoice, bearer key, answering `{ id }`; a PUT by our
 * id, so pushing again replaces. It takes invoices only.
 */
export class MpowerAdapter implements PartnerPort {
  readonly partner = 'mpower' as const;
  private readonly http: PartnerHttp;

  constructor(settings: MpowerSettings) {
    this.http = new PartnerHttp({
      title: 'The sales platform',
      baseUrl: settings.baseUrl,
      headers: () => ({ authorization: `Bearer ${settings.apiKey}` }),
      timeoutMs: settings.timeoutMs,
      ratePerSecond: settings.ratePerSecond,
    });
  }

  async pushInvoice(invoice: PartnerInvoice) {
    const answer = await this.http.json<{ id?: unknown }>(
      'PUT',
      `/api/v1/invoices/${encodeURIComponent(invoice.id)}`,
      {
        number: invoice.number,
        date: invoice.invoicedOn,
        due: invoice.dueOn,
        status: invoice.status,
        retailer: { name: invoice.customer.name, license: invoice.customer.tabcId },
        lines: invoice.lines.map((line) => ({
          upc: line.upc,
          name: line.name,
          size: line.size,
          qty: line.qty,
          price_cents: line.priceCents,
          total_cents: line.totalCents,
        })),
        total_cents: invoice.totalCents,
      },
    );
    return { externalId: requireId('The sales platform', answer?.id) };
  }

  pushProduct(): Promise<{ externalId: string }> {
    return Promise.reject(new PartnerRefused('The sales platform takes invoices only.'));
  }
}
