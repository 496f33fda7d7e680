import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiNoContentResponse, ApiResponse, type SchemaObject } from '@nestjs/swagger';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The OpenAPI schema of an answer, read off an example of it: types, formats (uuid, date-time, date) and nesting.
 * `null` marks a field that can be null (its type unknown from the example). Arrays take their first element's shape.
 */
export function schemaOf(example: unknown): SchemaObject {
  if (example === null) return { nullable: true };
  if (Array.isArray(example)) return { type: 'array', items: example.length ? schemaOf(example[0]) : {} };
  switch (typeof example) {
    case 'string':
      return UUID.test(example)
        ? { type: 'string', format: 'uuid' }
        : INSTANT.test(example)
          ? { type: 'string', format: 'date-time' }
          : DATE.test(example)
            ? { type: 'string', format: 'date' }
            : { type: 'string' };
    case 'number':
      return { type: Number.isInteger(example) ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(example as Record<string, unknown>).map(([key, value]) => [key, schemaOf(value)]),
        ),
      };
    default:
      return {};
  }
}

/** Documents an answer of `status` by a real example of it (its schema read off the example, `schemaOf`). */
export const ApiAnswer = (status: number, description: string, example: unknown) =>
  applyDecorators(ApiResponse({ status, description, schema: { ...schemaOf(example), example } }));

/** Documents a 204 answer (no body). */
export const ApiNoAnswer = (description: string) => applyDecorators(ApiNoContentResponse({ description }));

/** Documents an answer that is a file (a CSV export, a PDF, an uploaded document) rather than JSON. */
export const ApiFileAnswer = (mediaType: string, description: string) =>
  applyDecorators(
    ApiResponse({
      status: 200,
      description,
      content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
    }),
  );

/** Documents the optional Idempotency-Key header: `description` says what a retried request with the same key does. */
export const ApiIdempotencyKey = (description: string) =>
  ApiHeader({ name: 'Idempotency-Key', required: false, description });

/**
 * Documents a document's e-mail route: 200 when the mail server took the mail, 202 `queued` when it deferred it (the
 * status `emailStatus` answers); a retried request with the same Idempotency-Key is the same e-mail.
 */
export const ApiEmailAnswer = (description: string, example: unknown) =>
  applyDecorators(
    ApiAnswer(200, description, example),
    ApiIdempotencyKey('A retried request is the same e-mail: it is sent once'),
  );

/** The HTTP status of a document's e-mail: 200 when the mail server took it, 202 while it waits to be sent again. */
export const emailStatus = (sent: { status: string }) => (sent.status === 'sent' ? 200 : 202);
