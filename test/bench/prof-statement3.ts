import { writeFileSync } from 'node:fs';
import { statementFooter, statementPdfView } from '../../apps/api/src/statements/pdf/statement-pdf.template.js';
import { writeStatementPdf } from '../../apps/api/src/statements/pdf/statement-pdf.writer.js';
import { statementResponse } from '../../apps/api/src/statements/statement.response.js';
import { statementOf, type StatementDocument } from '#domain/statements/statement.js';
import { sampleCompany } from './bench-pdf.js';
import { pdfText } from '../support/pdf-text.js';
const docs: StatementDocument[] = [];
for (let i = 0; i < 5000; i++) {
  const day = `2026-${String(1 + Math.floor(i / 500)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
  if (i % 2 === 0) docs.push({ kind: 'invoice', id: `i${i}`, date: day, reference: String(1000 + i), totalCents: 10000 + i, cancelled: false, dueOn: day });
  else docs.push({ kind: 'payment', id: `p${i}`, date: day, reference: String(999 + i), amountCents: 9000, appliesTo: `i${i - 1}`, note: 'a long note that should be cut at the column edge' });
}
const n = Number(process.argv[2] ?? 5000);
const st = statementOf(docs.slice(0, n), { from: '2026-01-01', to: '2026-11-28' }, '2026-11-28');
const resp = statementResponse({ id: 'c', name: 'The Rusty Nail', address: '500 E 6th', city: 'Austin', state: 'TX', zip: '78701', display_tabc_id: 'MB1' }, st, '2026-11-28');
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  const pdf = await writeStatementPdf(statementPdfView(resp, sampleCompany()), 'The Rusty Nail · Statement');
  console.log('pdfkit', Math.round(performance.now() - t), pdf.length);
  if (k === 0) { writeFileSync('/tmp/netting/statement.pdf', pdf); const tx = pdfText(pdf); console.log(tx.slice(0, 600)); console.log(tx.slice(-400)); }
}
void statementFooter;
