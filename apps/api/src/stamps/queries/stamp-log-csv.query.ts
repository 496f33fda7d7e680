import { Query } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';

/** GET /stamp/download: the filtered, sorted stamp log as CSV, streamed. */
export class StampLogCsvQuery extends Query<{ filename: string; stream: Readable }> {
  constructor(
    readonly companyId: string,
    readonly params: { filterModel?: string; sortModel?: string },
    readonly now: Date,
  ) {
    super();
  }
}
