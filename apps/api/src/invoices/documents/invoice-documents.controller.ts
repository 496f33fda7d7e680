import type { UpdateDocumentResponse } from '#domain/contracts/delivery.contract.js';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { readSingleFile } from '../../infra/files/read-upload.js';
import { actorOf } from '../../infra/http/actor.js';
import { UuidOr404 } from '../../infra/http/uuid-param.pipe.js';
import { AddNoteBody, NoteIdParams, RemoveNoteBody, UpdateDocumentBody } from '../delivery/delivery.body.js';
import { contentDisposition } from '../../infra/pdf/pdf-format.js';
import { InvoiceDocumentsService } from './invoice-documents.service.js';
import { ApiAnswer, ApiFileAnswer, ApiNoAnswer } from '../../infra/http/api-answer.js';
import {
  INVOICE_DOCUMENT_ANSWER,
  INVOICE_DOCUMENT_RENAMED_ANSWER,
  INVOICE_DOCUMENT_ROW_ANSWER,
  INVOICE_NOTES_ANSWER,
} from './invoice-documents.answers.js';
import { Clock } from '../../infra/clock.js';

export const DOCUMENT_MISSING = 'Please choose a file to upload.';
const DOCUMENT_NOT_FOUND = 'Document not found';
const NOTE_NOT_FOUND = 'Note not found';

/**
 * Documents and private notes (as the client's specification asks). Uploads are multipart/form-data with one file
 * `invoice_document` (5 MB at most) and an optional `note`. Previews are served so that nothing in them can run:
 * `X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox; default-src 'none'`, and only images and
 * PDFs inline with their real type; anything else downloads as application/octet-stream.
 */
@ApiTags('invoice')
@ApiBearerAuth()
@Controller()
export class InvoiceDocumentsController {
  constructor(
    @Inject(InvoiceDocumentsService) private readonly documents: InvoiceDocumentsService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('invoice/:idOrNumber/document')
  @ApiAnswer(200, "The invoice's documents and private notes", INVOICE_DOCUMENT_ANSWER)
  list(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    return this.documents.list(user.companyId, idOrNumber);
  }

  @Post('invoice/:idOrNumber/document')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['invoice_document'],
      properties: { invoice_document: { type: 'string', format: 'binary' }, note: { type: 'string' } },
    },
  })
  @ApiAnswer(201, 'The document attached', INVOICE_DOCUMENT_ROW_ANSWER)
  async upload(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Req() request: FastifyRequest,
  ) {
    const upload = await readSingleFile(request, 'invoice_document', DOCUMENT_MISSING);
    return this.documents.attach(actorOf(user, this.clock), idOrNumber, {
      filename: upload.filename,
      content: upload.content,
      note: upload.fields.note ?? '',
    });
  }

  @Get('invoice/document/:id/preview')
  @ApiFileAnswer(
    'application/octet-stream',
    'The document, with its own content type (only images and PDFs inline)',
  )
  async preview(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(DOCUMENT_NOT_FOUND)) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { document, content, type } = await this.documents.file(user.companyId, id);
    void reply
      .type(type.inline ? type.mimeType : 'application/octet-stream')
      .header(
        'content-disposition',
        contentDisposition(type.inline ? 'inline' : 'attachment', document.originalname),
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store');
    return content;
  }

  /** Rename and note: `{ document, success: true }`. */
  @Put('invoice/document/:id')
  @ApiAnswer(200, 'The document as saved', INVOICE_DOCUMENT_RENAMED_ANSWER)
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(DOCUMENT_NOT_FOUND)) id: string,
    @Body() body: UpdateDocumentBody,
  ): Promise<UpdateDocumentResponse> {
    const document = await this.documents.rename(actorOf(user, this.clock), id, body.originalname, body.note);
    return { document, success: true };
  }

  @Delete('invoice/document/:id')
  @ApiNoAnswer('The document is removed')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(DOCUMENT_NOT_FOUND)) id: string) {
    await this.documents.remove(actorOf(user, this.clock), id);
  }

  /** Adds a private note; answers the invoice's notes. */
  @Post('invoice/:idOrNumber/note')
  @ApiAnswer(201, "The invoice's private notes", INVOICE_NOTES_ANSWER)
  addNote(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string, @Body() body: AddNoteBody) {
    return this.documents.addNote(actorOf(user, this.clock), idOrNumber, body.note);
  }

  /**
   * Removes a private note; answers the invoice's notes. The client's specification sends the note itself as the
   * payload: `{ id }`, or `{ note, createdAt }` as the notes list shows it (its text, and its time when several notes
   * share the text), or `?id=` in the query. A note that is not the invoice's answers 404 'Note not found'.
   */
  @Delete('invoice/:idOrNumber/note')
  @ApiAnswer(200, "The invoice's private notes left", INVOICE_NOTES_ANSWER)
  removeNote(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Body() body: RemoveNoteBody | undefined,
    @Query() query: NoteIdParams,
  ) {
    const named = body?.id ?? query.id;
    if (named === undefined && typeof body?.note === 'string') {
      const at = typeof body.createdAt === 'string' ? body.createdAt : undefined;
      return this.documents.removeNoteByText(actorOf(user, this.clock), idOrNumber, body.note, at);
    }
    const id = new UuidOr404(NOTE_NOT_FOUND).transform(String(named ?? ''));
    return this.documents.removeNote(actorOf(user, this.clock), idOrNumber, id);
  }
}
