import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { companyError } from '#domain/companies/company.errors.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { GetLogoFileQuery, type LogoFile } from './get-logo-file.query.js';

@QueryHandler(GetLogoFileQuery)
export class GetLogoFileHandler implements IQueryHandler<GetLogoFileQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
  ) {}

  async execute({ companyId, logoId }: GetLogoFileQuery): Promise<LogoFile> {
    const [logo] = await tenantQuery<{ storage_key: string; mime_type: string; original_name: string }>(
      this.pool,
      companyId,
      'SELECT storage_key, mime_type, original_name FROM rm_company_logo WHERE company_id = $1 AND id = $2 AND removed_at IS NULL',
      [logoId],
    );
    const content = logo ? await this.files.get(logo.storage_key) : null;
    if (!logo || !content) throw companyError('LOGO_NOT_FOUND');
    return { content, mimeType: logo.mime_type, originalName: logo.original_name };
  }
}
