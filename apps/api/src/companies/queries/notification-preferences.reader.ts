import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { AuthUser } from '../../auth/auth.types.js';

/**
 * A user's notifications for placed orders: a user's preference, not company data, kept in a plain table;
 * both on until changed.
 */
@Injectable()
export class NotificationPreferencesReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async save(
    user: AuthUser,
    emailNotification: boolean | undefined,
    appNotification: boolean | undefined,
  ): Promise<void> {
    await this.pool.query(
      `INSERT INTO user_notification_preferences (user_id, company_id, email_notification, app_notification, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (user_id) DO UPDATE SET email_notification = EXCLUDED.email_notification,
         app_notification = EXCLUDED.app_notification, updated_at = EXCLUDED.updated_at`,
      [user.id, user.companyId, emailNotification, appNotification],
    );
  }

  async read(user: AuthUser) {
    const [row] = await tenantQuery<{ email_notification: boolean; app_notification: boolean }>(
      this.pool,
      user.companyId,
      'SELECT email_notification, app_notification FROM user_notification_preferences WHERE company_id = $1 AND user_id = $2',
      [user.id],
    );
    return {
      email_notification: row?.email_notification ?? true,
      app_notification: row?.app_notification ?? true,
      user: { id: user.id, name: user.name, email: user.email },
    };
  }
}
