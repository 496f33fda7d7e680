import { Inject, Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import type pg from 'pg';
import { EVENT_STORE, type EventStore } from '#engine';
import { stampOfRequest } from '../stamp-serials.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PdfRenderer } from '../../infra/pdf/pdf-renderer.js';
import { CompanyHeaders } from '../../infra/pdf/company-header.js';
import { printOr503 } from '../../invoices/pdf/invoice-pdf.service.js';
import { compilePdfTemplate } from '../../invoices/pdf/invoice-pdf.template.js';
import { companyTimeZone, instantLabel } from '../../infra/company-time.js';
import {
  extendedTotals,
  readSerialHistory,
  readStampRecord,
  serialHistoryFileName,
  serialStatusLabel,
  stampKindLabel,
  type StampRecordAsOf,
} from './stamp-record.reader.js';

export interface StampRecordRequest {
  from: string;
  to: string;
  asOf: string;
}

type StampRecordView = StampRecordAsOf & {
  title: string;
  company: CompanyHeader;
  as_of_label: string;
  extended_totals: string;
  days: (StampRecordAsOf['days'][number] & {
    lines: (StampRecordAsOf['days'][number]['lines'][number] & { label: string; serial_text: string })[];
  })[];
};

let compiled: Handlebars.TemplateDelegate<StampRecordView> | undefined;

type SerialHistory = Awaited<ReturnType<typeof readSerialHistory>>;

type SerialHistoryView = SerialHistory & {
  title: string;
  serial: string;
  company: CompanyHeader;
  as_of_label: string;
  status_label: string;
  rows: (SerialHistory['transactions'][number] & { label: string })[];
};

let compiledSerial: Handlebars.TemplateDelegate<SerialHistoryView> | undefined;

/**
 * The stamp transaction record for the API: replayed from the event store (readStampRecord), as JSON,
 * CSV or a PDF printed by the warm Chromium, with the company's hash-chain head at the instant.
 */
@Injectable()
export class StampRecordService {
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) files: FileStorage,
  ) {
    this.headers = new CompanyHeaders(pool, files);
  }

  async read(companyId: string, request: StampRecordRequest): Promise<StampRecordAsOf> {
    const timeZone = await companyTimeZone(this.pool, companyId);
    return readStampRecord(this.store, companyId, { ...request, timeZone });
  }

  /** The stamp a request names by prefix and number, or by its serial as printed. */
  stampOf(companyId: string, params: { prefix?: string; number?: number; serial?: string }) {
    return stampOfRequest(this.pool, companyId, params);
  }

  async serial(companyId: string, request: { prefix: string; number: number; asOf: string }) {
    const timeZone = await companyTimeZone(this.pool, companyId);
    return readSerialHistory(this.store, companyId, { ...request, timeZone });
  }

  /** One stamp's history as of an instant, as a PDF ("one serial's history as of then"). */
  async serialPdf(
    companyId: string,
    request: { prefix: string; number: number; asOf: string },
  ): Promise<{ filename: string; pdf: Buffer }> {
    const timeZone = await companyTimeZone(this.pool, companyId);
    const [history, { header }] = await Promise.all([
      readSerialHistory(this.store, companyId, { ...request, timeZone }),
      this.headers.read(companyId, null),
    ]);
    compiledSerial ??= compilePdfTemplate<SerialHistoryView>('stamp-serial.hbs', import.meta.url);
    const serial = `${history.prefix}${history.number}`;
    const view: SerialHistoryView = {
      ...history,
      title: `Stamp ${serial}`,
      serial,
      company: header,
      as_of_label: instantLabel(history.asOf, timeZone),
      status_label: serialStatusLabel(history.status),
      rows: history.transactions.map((t) => ({ ...t, label: stampKindLabel(t.kind) })),
    };
    const footer = `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>${Handlebars.escapeExpression(`Stamp ${serial}, as of ${history.asOf}`)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
    const pdf = await printOr503(this.renderer.render(compiledSerial(view), { footerHtml: footer }));
    return { filename: serialHistoryFileName(history, 'pdf'), pdf };
  }

  async pdf(companyId: string, request: StampRecordRequest): Promise<{ filename: string; pdf: Buffer }> {
    const [record, { header }] = await Promise.all([
      this.read(companyId, request),
      this.headers.read(companyId, null),
    ]);
    compiled ??= compilePdfTemplate<StampRecordView>('stamp-record.hbs', import.meta.url);
    const view: StampRecordView = {
      ...record,
      title: `Stamp record ${record.from} – ${record.to}`,
      company: header,
      as_of_label: instantLabel(record.asOf, record.timeZone),
      extended_totals: extendedTotals(record.totals),
      days: record.days.map((day) => ({
        ...day,
        lines: day.lines.map((line) => ({
          ...line,
          label: stampKindLabel(line.kind),
          serial_text: line.serialList.join(' '),
        })),
      })),
    };
    const footer = `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>${Handlebars.escapeExpression(`Stamp record ${record.from} – ${record.to}, as of ${record.asOf}`)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
    const pdf = await printOr503(this.renderer.render(compiled(view), { footerHtml: footer }));
    return { filename: stampRecordFileName(record, 'pdf'), pdf };
  }
}

/** `stamp_record_2026-03-01_2026-03-31.csv` */
export const stampRecordFileName = (record: { from: string; to: string }, ext: 'csv' | 'pdf') =>
  `stamp_record_${record.from}_${record.to}.${ext}`;
