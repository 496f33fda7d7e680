import { expect } from '@jest/globals';
import type { ApiResponse } from './http.js';

type Content = Record<string, { schema?: { example?: unknown } }>;
export interface Operation {
  responses: Record<string, { content?: Content }>;
  parameters?: { name: string; in: string; required?: boolean }[];
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** The OpenAPI document the app serves (/api/docs-json). */
export async function loadApiDocument(baseUrl: string): Promise<ApiDocument> {
  return (await (await fetch(`${baseUrl}/api/docs-json`)).json()) as ApiDocument;
}

const isParameter = (segment: string) => /^\{.+\}$/.test(segment);

/**
 * The documented operation a request reaches: `path` is what the client called under /api/v1 (a query is ignored).
 * When several path templates match (`price-tier/settings` and `price-tier/{id}`), the one with more literal
 * segments wins, as the router does.
 */
export function operationOf(
  document: ApiDocument,
  method: string,
  path: string,
): { name: string; operation: Operation } {
  const segments = `/api/v1/${path.replace(/^\//, '').split('?')[0]}`.split('/');
  const candidates = Object.entries(document.paths)
    .filter(([template, methods]) => {
      const parts = template.split('/');
      return (
        methods[method.toLowerCase()] !== undefined &&
        parts.length === segments.length &&
        parts.every((part, i) => isParameter(part) || part === segments[i])
      );
    })
    .map(([template, methods]) => ({
      name: `${method.toUpperCase()} ${template}`,
      operation: methods[method.toLowerCase()]!,
      literal: template.split('/').filter((part) => !isParameter(part)).length,
    }))
    .sort((a, b) => b.literal - a.literal);
  if (!candidates[0]) throw new Error(`no documented operation for ${method} ${path}`);
  return candidates[0];
}

const kind = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/**
 * Where `answer` differs in shape from the documented `example`: the same keys, the same JSON types, recursively;
 * a list by its first row. `null` on either side is a field that may be null, whatever its type. An example list that
 * is empty while the answer has rows is a difference too (the document would not show a row's fields).
 */
export function shapeDifferences(example: unknown, answer: unknown, at = '$'): string[] {
  if (example === null || answer === null) return [];
  if (kind(example) !== kind(answer)) return [`${at}: documented ${kind(example)}, answered ${kind(answer)}`];
  if (Array.isArray(example) && Array.isArray(answer)) {
    if (answer.length === 0) return [];
    if (example.length === 0) return [`${at}: documented an empty list, answered rows`];
    return shapeDifferences(example[0], answer[0], `${at}[0]`);
  }
  if (kind(example) !== 'object') return [];
  const documented = example as Record<string, unknown>;
  const answered = answer as Record<string, unknown>;
  return [
    ...Object.keys(answered)
      .filter((key) => !(key in documented))
      .map((key) => `${at}.${key}: answered, not documented`),
    ...Object.keys(documented)
      .filter((key) => !(key in answered))
      .map((key) => `${at}.${key}: documented, not answered`),
    ...Object.keys(documented)
      .filter((key) => key in answered)
      .flatMap((key) => shapeDifferences(documented[key], answered[key], `${at}.${key}`)),
  ];
}

/**
 * What is wrong with an answer by the OpenAPI document: a status that is not a documented success, a 204 with a
 * body, a success without a JSON example, or a body of another shape than the example's (`shapeDifferences`).
 */
export function answerProblems(
  document: ApiDocument,
  method: string,
  path: string,
  response: ApiResponse,
): { name: string; problems: string[] } {
  const { name, operation } = operationOf(document, method, path);
  const answer = operation.responses[String(response.status)];
  if (!String(response.status).startsWith('2') || !answer)
    return { name, problems: [`answered ${response.status}, not a documented success`] };
  if (response.status === 204)
    return { name, problems: response.body === undefined ? [] : ['answered a body with 204'] };
  const schema = answer.content?.['application/json']?.schema;
  if (!schema || !('example' in schema))
    return { name, problems: [`no example of the ${response.status} answer`] };
  return { name, problems: shapeDifferences(schema.example, response.body) };
}

/** Asserts the answer is one the OpenAPI document describes (`answerProblems`); answers the operation's name. */
export function expectDocumentedAnswer(
  document: ApiDocument,
  method: string,
  path: string,
  response: ApiResponse,
): string {
  const { name, problems } = answerProblems(document, method, path, response);
  expect({ name, problems }).toEqual({ name, problems: [] });
  return name;
}
