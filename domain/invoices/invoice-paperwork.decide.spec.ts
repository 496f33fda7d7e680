import { deciderSpec } from '../shared/decider-spec.js';
import type { InvoicePaperworkEvent } from './invoice-delivery.events.js';
import { paperworkDecider } from './invoice-paperwork.decide.js';
import type { InvoiceCreated, InvoiceEvent } from './invoice.events.js';
import { metadata, NOW } from './invoice.fixtures.js';

const given = deciderSpec(paperworkDecider);

const created = {
  type: 'InvoiceCreated',
  data: {
    invoiceId: 'inv-1',
    companyId: 'co-1',
    number: { display: '7' },
    status: 'invoiced',
    createdAt: NOW,
  },
} as unknown as InvoiceCreated;

const attached: InvoicePaperworkEvent = {
  type: 'DocumentAttached',
  data: {
    documentId: 'doc-1',
    invoiceId: 'inv-1',
    companyId: 'co-1',
    originalName: 'receipt.pdf',
    fileName: 'doc-1.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 10,
    storageKey: 'companies/co-1/invoices/inv-1/documents/doc-1.pdf',
    note: '',
    attachedAt: NOW,
  },
};

const history = (...events: (InvoiceEvent | InvoicePaperworkEvent)[]) => events;

describe('Invoice paperwork', () => {
  describe('with a current invoice', () => {
    it('attaches a document with its trimmed name', () =>
      given(history(created))
        .when({
          type: 'AttachDocument',
          data: { ...attached.data, originalName: '  receipt.pdf ', note: ' signed ' } as never,
          metadata,
        })
        .then([{ ...attached, data: { ...attached.data, note: 'signed' } }]));

    it('renames a document; an unchanged name and note record nothing', () => {
      given(history(created, attached))
        .when({
          type: 'RenameDocument',
          data: { invoiceId: 'inv-1', documentId: 'doc-1', originalName: 'R.pdf' },
          metadata,
        })
        .then([
          {
            type: 'DocumentRenamed',
            data: {
              documentId: 'doc-1',
              invoiceId: 'inv-1',
              originalName: 'R.pdf',
              note: '',
              renamedAt: NOW,
            },
          },
        ]);
      given(history(created, attached))
        .when({
          type: 'RenameDocument',
          data: { invoiceId: 'inv-1', documentId: 'doc-1', originalName: 'receipt.pdf' },
          metadata,
        })
        .then([]);
    });

    it("refuses an empty file name: 'File name can not be empty'", () =>
      given(history(created, attached))
        .when({
          type: 'RenameDocument',
          data: { invoiceId: 'inv-1', documentId: 'doc-1', originalName: ' ' },
          metadata,
        })
        .thenThrows('File name can not be empty'));

    it('removes a document once; then it is not found', () =>
      given(
        history(created, attached, {
          type: 'DocumentRemoved',
          data: { documentId: 'doc-1', invoiceId: 'inv-1', storageKey: 'k', removedAt: NOW },
        }),
      )
        .when({ type: 'RemoveDocument', data: { invoiceId: 'inv-1', documentId: 'doc-1' }, metadata })
        .thenThrows('Document not found'));

    it('adds a private note and refuses an empty one', () => {
      given(history(created))
        .when({
          type: 'AddPrivateNote',
          data: { invoiceId: 'inv-1', noteId: 'n-1', note: ' Call first ' },
          metadata,
        })
        .then([
          {
            type: 'PrivateNoteAdded',
            data: { noteId: 'n-1', invoiceId: 'inv-1', companyId: 'co-1', note: 'Call first', addedAt: NOW },
          },
        ]);
      given(history(created))
        .when({ type: 'AddPrivateNote', data: { invoiceId: 'inv-1', noteId: 'n-1', note: '  ' }, metadata })
        .thenThrows('Note can not be empty');
    });
  });

  describe('without a current invoice of the company', () => {
    it('answers Invoice not found (another company, deleted, none)', () => {
      const command = {
        type: 'AddPrivateNote' as const,
        data: { invoiceId: 'inv-1', noteId: 'n', note: 'x' },
      };
      given(history(created))
        .when({ ...command, metadata: { ...metadata, companyId: 'co-2' } })
        .thenThrows('Invoice not found');
      given(
        history(created, {
          type: 'InvoiceDeleted',
          data: { invoiceId: 'inv-1', companyId: 'co-1', deletedAt: NOW },
        }),
      )
        .when({ ...command, metadata })
        .thenThrows('Invoice not found');
      given([])
        .when({ ...command, metadata })
        .thenThrows('Invoice not found');
    });
  });
});
