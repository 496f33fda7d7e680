import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import type { FileStorage } from '../files/file-storage.port.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';

/** Logos are immutable by id: their data URIs are kept (a few, least recently used out). */
const LOGO_CACHE = 32;

/** The distributor's header as its documents print it, and whether it records payments (the payment feature). */
export interface CompanyPrintout {
  header: CompanyHeader;
  payments: boolean;
}

/**
 * The distributor's header for printed documents (invoices, balances): name, address, TABC id and the logo (the
 * document's, else the company default) as a data URI. Shared by every printed document, so it is a plain class
 * the services build over the pool and the file storage.
 */
export class CompanyHeaders {
  private readonly logos = new Map<string, string | null>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly files: FileStorage,
  ) {}

  async read(companyId: string, logoId: string | null): Promise<CompanyPrintout> {
    const [company] = await tenantQuery<{
      name: string;
      address: string;
      city: string;
      state: string;
      zip: string;
      tabc_id: string;
      default_logo_id: string | null;
      payments: boolean | null;
    }>(
      this.pool,
      companyId,
      `SELECT name, address, city, state, zip, tabc_id, default_logo_id,
              (features -> 'payment' ->> 'active')::boolean AS payments
       FROM rm_company WHERE company_id = $1 AND id = $1`,
    );
    if (!company) throw new Error(`company ${companyId} has no read model row`);
    const { default_logo_id, payments, ...details } = company;
    return {
      header: { ...details, logo: await this.logo(companyId, logoId ?? default_logo_id) },
      payments: payments === true,
    };
  }

  private async logo(companyId: string, logoId: string | null): Promise<string | null> {
    if (!logoId) return null;
    const key = `${companyId}:${logoId}`;
    if (this.logos.has(key)) {
      const cached = this.logos.get(key)!;
      this.logos.delete(key);
      this.logos.set(key, cached);
      return cached;
    }
    const [row] = await tenantQuery<{ storage_key: string; mime_type: string }>(
      this.pool,
      companyId,
      'SELECT storage_key, mime_type FROM rm_company_logo WHERE company_id = $1 AND id = $2',
      [logoId],
    );
    const content = row ? await this.files.get(row.storage_key) : null;
    const uri = row && content ? `data:${row.mime_type};base64,${content.toString('base64')}` : null;
    this.logos.set(key, uri);
    while (this.logos.size > LOGO_CACHE) this.logos.delete(this.logos.keys().next().value!);
    return uri;
  }
}
