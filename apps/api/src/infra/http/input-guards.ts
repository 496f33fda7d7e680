import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Problem } from './error-filter.js';

/**
 * Input that no route can take, refused once for every route before any of them parses it:
 * - a control character (NUL, C0 controls, DEL) anywhere in the decoded path or query: a NUL reaching Postgres is
 *   an error there ("invalid byte sequence"), and no id, number, search or filter has a control character;
 * - a path or query whose percent-encoding is broken;
 * - a NUL in any string (or key) of a JSON body: Postgres text and jsonb cannot hold one;
 * - a JSON body nested deeper than any request of ours (MAX_BODY_DEPTH): class-transformer recurses per level and
 *   a few thousand levels overflow its stack.
 * Each answers 400 in the one error shape, and nothing runs.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const NUL = '\u0000';

export const CONTROL_IN_URL = 'The address contains a control character.';
export const MALFORMED_URL = 'The address is not correctly encoded.';
export const NUL_IN_BODY = 'Text must not contain a NUL character.';
export const TOO_DEEP = 'Request body is nested too deeply.';
/** The deepest body a route takes is 3 levels (an invoice's items' fields); 32 leaves room for any to come. */
export const MAX_BODY_DEPTH = 32;

/** Why the raw request target cannot be taken, or undefined when it can. */
export function urlProblem(rawUrl: string): string | undefined {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt < 0 ? '' : rawUrl.slice(queryAt + 1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
    // a query's `+` is a space; its names and values are decoded one by one
    for (const part of query.split(/[&=]/)) decoded += decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return MALFORMED_URL;
  }
  return CONTROL.test(decoded) ? CONTROL_IN_URL : undefined;
}

/** What is wrong with a parsed JSON body: a NUL (with the dotted path of its field, `items.0.note`) or its depth. */
export function bodyProblem(
  value: unknown,
  at = '',
  depth = 0,
): { message: string; field?: string } | undefined {
  if (typeof value === 'string')
    return value.includes(NUL) ? { message: NUL_IN_BODY, field: at || 'body' } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_BODY_DEPTH) return { message: TOO_DEEP };
  for (const [key, item] of Object.entries(value)) {
    const field = at ? `${at}.${key}` : key;
    if (key.includes(NUL)) return { message: NUL_IN_BODY, field };
    const found = bodyProblem(item, field, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const refuse = (reply: FastifyReply, problem: Problem) =>
  reply.status(problem.statusCode).type('application/json; charset=utf-8').send(problem);

/** Registers the guards on the Fastify instance; call before the app's routes are built (before `app.init()`). */
export function registerInputGuards(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const message = urlProblem(request.raw.url ?? request.url);
    if (message) return refuse(reply, { statusCode: 400, message });
  });
  fastify.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const problem = bodyProblem(request.body);
    if (problem)
      return refuse(reply, {
        statusCode: 400,
        message: problem.message,
        ...(problem.field ? { details: [{ field: problem.field, message: problem.message }] } : {}),
      });
  });
}
