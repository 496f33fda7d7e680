import { Controller, Get, Inject, NotFoundException, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { PG_POOL } from '../infra/projections.provider.js';
import { tenantQuery } from '../infra/db/tenant-query.js';

/** The company read model. Settings (issue 4) grow from here. */
@ApiTags('company')
@ApiBearerAuth()
@Controller('company')
export class CompaniesController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Get(':id')
  async get(@CurrentUser() user: AuthUser, @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string) {
    const rows = await tenantQuery(this.pool, user.companyId, 'SELECT * FROM rm_company WHERE company_id = $1 AND id = $2', [id]);
    if (!rows[0]) throw new NotFoundException({ statusCode: 404, message: 'Company not found' });
    return rows[0];
  }
}
