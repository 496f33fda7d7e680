import type { INestApplicationContext } from '@nestjs/common';
import type pg from 'pg';
import { AuthService } from './auth/auth.service.js';

export const DEMO_LOGIN = { email: 'demo@stampline.local', password: 'demo1234', name: 'Demo Owner', title: 'Owner' };

/** Seeds the demo company once (its owner is the printed demo login); later runs leave it alone. */
export async function seedDemo(app: INestApplicationContext, pool: pg.Pool): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM users WHERE lower(email) = $1', [DEMO_LOGIN.email]);
  if (rowCount) return false;
  await app.get(AuthService).signUp(DEMO_LOGIN, { ip: null, userAgent: 'seed', now: new Date().toISOString() });
  return true;
}
