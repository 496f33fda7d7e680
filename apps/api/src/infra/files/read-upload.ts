import '@fastify/multipart';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES } from './file-storage.port.js';

export const UPLOAD_UNREADABLE = 'The upload could not be read. Please try again.';
export const ONE_FILE_AT_A_TIME = 'Please upload one file at a time.';

export interface Upload {
  filename: string;
  content: Buffer;
  /** The form's text fields (e.g. a note sent with a document). */
  fields: Record<string, string>;
}

const problem = (field: string, message: string) =>
  new BadRequestException({ statusCode: 400, message, details: [{ field, message }] });

/**
 * Reads a multipart/form-data request with one file in `field` (5 MB at most: over it, 413). A missing file, a
 * second file or a malformed body is a 400 with the field named, never a 500.
 */
export async function readSingleFile(
  request: FastifyRequest,
  field: string,
  missingMessage: string,
): Promise<Upload> {
  if (!request.isMultipart()) throw problem(field, missingMessage);
  let file: { filename: string; content: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === field && !file) file = { filename: part.filename, content };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw error; // 413, the request limit's message
    if (code === 'FST_FILES_LIMIT') throw problem(field, ONE_FILE_AT_A_TIME);
    throw problem(field, UPLOAD_UNREADABLE); // a malformed body, too many parts, a forbidden field name
  }
  if (!file || file.content.length === 0) throw problem(field, missingMessage);
  return { ...file, fields };
}

/**
 * Streams the one file of a multipart/form-data request in `field` to a temporary file (`maxBytes` at most: over it,
 * a 413), for an upload too large to hold in memory; `remove` deletes it. Problems answer as readSingleFile's.
 */
export async function saveSingleFile(
  request: FastifyRequest,
  field: string,
  missingMessage: string,
  maxBytes: number,
): Promise<{ path: string; filename: string; remove: () => Promise<void> }> {
  if (!request.isMultipart()) throw problem(field, missingMessage);
  const dir = await mkdtemp(join(tmpdir(), 'stampline-upload-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'upload');
  let filename: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || filename !== undefined) {
        part.file.resume();
        continue;
      }
      filename = part.filename;
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated)
        throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    }
  } catch (error) {
    await remove();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeException();
    if (code === 'FST_FILES_LIMIT') throw problem(field, ONE_FILE_AT_A_TIME);
    throw problem(field, UPLOAD_UNREADABLE);
  }
  if (
    filename === undefined ||
    (await stat(path).then(
      (s) => s.size,
      () => 0,
    )) === 0
  ) {
    await remove();
    throw problem(field, missingMessage);
  }
  return { path, filename, remove };
}
