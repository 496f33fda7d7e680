import { assertNever, type CommandMetadata, type Decider } from '../shared/decider.js';
import { DomainError, errorCatalogue } from '../shared/domain-error.js';
import type { DocumentAttached, InvoicePaperworkEvent } from './invoice-delivery.events.js';
import { invoiceError } from './invoice.errors.js';
import type { InvoiceEvent } from './invoice.events.js';
import { evolve as evolveInvoice, initialState as initialInvoice, type Invoice } from './invoice.state.js';

/**
 * Documents and private notes of an invoice (Private note), decided
 * on the `invoice-{id}` stream: only a current invoice of the caller's company takes them, and only its own
 * documents and notes are renamed or removed.
 */

export const PAPERWORK_MESSAGES = {
  fileNameEmpty: 'File name can not be empty',
  noteEmpty: 'Note can not be empty',
  fileNameTooLong: 'File name can be at most 200 characters',
  noteTooLong: 'Note can be at most 2000 characters',
} as const;

export const MAX_FILE_NAME = 200;
export const MAX_NOTE = 2000;

export const paperworkError = errorCatalogue({
  DOCUMENT_NOT_FOUND: { kind: 'not_found', message: 'Document not found' },
  NOTE_NOT_FOUND: { kind: 'not_found', message: 'Note not found' },
});

export interface PaperworkState {
  invoice: Invoice;
  documents: Record<string, { originalName: string; note: string; storageKey: string }>;
  notes: Record<string, true>;
}

type Meta = { metadata: CommandMetadata };

export type AttachDocument = Meta & {
  type: 'AttachDocument';
  data: Omit<DocumentAttached['data'], 'companyId' | 'attachedAt'>;
};
export type RenameDocument = Meta & {
  type: 'RenameDocument';
  data: { invoiceId: string; documentId: string; originalName: string; note?: string };
};
export type RemoveDocument = Meta & {
  type: 'RemoveDocument';
  data: { invoiceId: string; documentId: string };
};
export type AddPrivateNote = Meta & {
  type: 'AddPrivateNote';
  data: { invoiceId: string; noteId: string; note: string };
};
export type RemovePrivateNote = Meta & {
  type: 'RemovePrivateNote';
  data: { invoiceId: string; noteId: string };
};

export type PaperworkCommand =
  AttachDocument | RenameDocument | RemoveDocument | AddPrivateNote | RemovePrivateNote;

export const initialPaperwork = (): PaperworkState => ({
  invoice: initialInvoice(),
  documents: {},
  notes: {},
});

export function evolvePaperwork(
  state: PaperworkState,
  event: InvoiceEvent | InvoicePaperworkEvent,
): PaperworkState {
  switch (event.type) {
    case 'DocumentAttached': {
      const { documentId, originalName, note, storageKey } = event.data;
      return {
        ...state,
        documents: { ...state.documents, [documentId]: { originalName, note, storageKey } },
      };
    }
    case 'DocumentRenamed': {
      const document = state.documents[event.data.documentId];
      if (!document) return state;
      const { originalName, note } = event.data;
      return {
        ...state,
        documents: { ...state.documents, [event.data.documentId]: { ...document, originalName, note } },
      };
    }
    case 'DocumentRemoved': {
      const { [event.data.documentId]: _removed, ...documents } = state.documents;
      return { ...state, documents };
    }
    case 'PrivateNoteAdded':
      return { ...state, notes: { ...state.notes, [event.data.noteId]: true } };
    case 'PrivateNoteRemoved': {
      const { [event.data.noteId]: _removed, ...notes } = state.notes;
      return { ...state, notes };
    }
    default: {
      const invoice = evolveInvoice(state.invoice, event);
      return invoice === state.invoice ? state : { ...state, invoice };
    }
  }
}

/** A document's name as typed: trimmed, required, at most 200 characters. */
export function checkFileName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid('originalname', PAPERWORK_MESSAGES.fileNameEmpty);
  if (trimmed.length > MAX_FILE_NAME) throw invalid('originalname', PAPERWORK_MESSAGES.fileNameTooLong);
  return trimmed;
}

function checkNote(note: string, required: boolean): string {
  const trimmed = note.trim();
  if (required && !trimmed) throw invalid('note', PAPERWORK_MESSAGES.noteEmpty);
  if (trimmed.length > MAX_NOTE) throw invalid('note', PAPERWORK_MESSAGES.noteTooLong);
  return trimmed;
}

const invalid = (field: string, message: string) =>
  new DomainError('PAPERWORK_INVALID', 'invalid', message, [{ field, message }]);

function liveInvoiceOf(state: PaperworkState, { metadata }: Meta) {
  const { invoice } = state;
  if (invoice.status !== 'live' || invoice.companyId !== metadata.companyId)
    throw invoiceError('INVOICE_NOT_FOUND');
  return invoice;
}

export function decidePaperwork(command: PaperworkCommand, state: PaperworkState): InvoicePaperworkEvent[] {
  const invoice = liveInvoiceOf(state, command);
  const now = command.metadata.now;
  switch (command.type) {
    case 'AttachDocument': {
      const { data } = command;
      return [
        {
          type: 'DocumentAttached',
          data: {
            ...data,
            originalName: checkFileName(data.originalName),
            note: checkNote(data.note, false),
            companyId: invoice.companyId,
            attachedAt: now,
          },
        },
      ];
    }
    case 'RenameDocument': {
      const { documentId, originalName, note } = command.data;
      const document = state.documents[documentId];
      if (!document) throw paperworkError('DOCUMENT_NOT_FOUND');
      const name = checkFileName(originalName);
      const newNote = note === undefined ? document.note : checkNote(note, false);
      if (name === document.originalName && newNote === document.note) return [];
      return [
        {
          type: 'DocumentRenamed',
          data: { documentId, invoiceId: invoice.id, originalName: name, note: newNote, renamedAt: now },
        },
      ];
    }
    case 'RemoveDocument': {
      const document = state.documents[command.data.documentId];
      if (!document) throw paperworkError('DOCUMENT_NOT_FOUND');
      return [
        {
          type: 'DocumentRemoved',
          data: {
            documentId: command.data.documentId,
            invoiceId: invoice.id,
            storageKey: document.storageKey,
            removedAt: now,
          },
        },
      ];
    }
    case 'AddPrivateNote':
      return [
        {
          type: 'PrivateNoteAdded',
          data: {
            noteId: command.data.noteId,
            invoiceId: invoice.id,
            companyId: invoice.companyId,
            note: checkNote(command.data.note, true),
            addedAt: now,
          },
        },
      ];
    case 'RemovePrivateNote':
      if (!state.notes[command.data.noteId]) throw paperworkError('NOTE_NOT_FOUND');
      return [
        {
          type: 'PrivateNoteRemoved',
          data: { noteId: command.data.noteId, invoiceId: invoice.id, removedAt: now },
        },
      ];
    default:
      return assertNever(command);
  }
}

export const paperworkDecider: Decider<
  PaperworkState,
  PaperworkCommand,
  InvoiceEvent | InvoicePaperworkEvent
> = {
  decide: decidePaperwork,
  evolve: evolvePaperwork,
  initialState: initialPaperwork,
};
