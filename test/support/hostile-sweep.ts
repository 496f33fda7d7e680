import { randomUUID } from 'node:crypto';

/*
 * The hostile-input sweep: every operation of the OpenAPI document (`/api/docs-json`), and per parameter
 * kind the values a careless or hostile client sends. The list of routes comes from the document, so a route is
 * covered the day it is added. What a request may answer: anything but a 5xx; a write the server refused (4xx)
 * must leave the state (table counts, events, stamp totals) as it was.
 */

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  example?: unknown;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface HostileRequest {
  method: string;
  /** the route as the document names it, e.g. `/api/v1/invoice/{idOrNumber}` */
  route: string;
  /** what is hostile about it, for the report */
  what: string;
  /** the request target, already encoded (sent as is) */
  url: string;
  contentType?: string;
  body?: string;
}

/** Values a path segment or a query value gets, already percent-encoded. */
export const HOSTILE_URL_VALUES: Record<string, string> = {
  'NUL byte': '%00',
  'NUL inside': 'a%00b',
  'control bytes': '%01%1F%7F',
  'line break': 'a%0D%0Ab',
  '400-digit number': '9'.repeat(400),
  'minus one': '-1',
  '1e309': '1e309',
  'path traversal': '..%2f..%2f..%2fetc%2fpasswd',
  'encoded dot segment': '%2e%2e',
  'broken percent-encoding': '%E0%A4%A',
  'lone percent': '%',
  'over-long text': 'x'.repeat(3000),
  'right-to-left text': encodeURIComponent('\u202Eevil\u202C مرحبا بالعالم'),
  markup: encodeURIComponent('<script>alert(1)</script>'),
  'JSON with __proto__': encodeURIComponent('{"__proto__":{"polluted":true}}'),
  'deep JSON': encodeURIComponent('['.repeat(2000) + ']'.repeat(2000)),
  'grid model with NUL': encodeURIComponent('[{"colId":"\u0000","sort":"asc"}]'),
  'grid model, wrong types': encodeURIComponent('{"number":{"filterType":7,"type":[],"filter":{"a":1}}}'),
};

/** JSON values (as JSON text) a body field gets in place of its own. */
export const HOSTILE_JSON_VALUES: Record<string, string> = {
  'NUL byte': JSON.stringify('\u0000'),
  'NUL inside': JSON.stringify('a\u0000b'),
  'control bytes': JSON.stringify('\u0001\u0008\u001b\u007f'),
  '400-digit number': '9'.repeat(400),
  '400-digit number as text': JSON.stringify('9'.repeat(400)),
  'minus one': '-1',
  '1e309 (Infinity)': '1e309',
  'path traversal': JSON.stringify('../../../etc/passwd'),
  'over-long text': JSON.stringify('x'.repeat(100_000)),
  'right-to-left text': JSON.stringify('\u202Eevil\u202C مرحبا بالعالم'),
  markup: JSON.stringify('<img src=x onerror=alert(1)>'),
  'wrong type: object': '{"a":1}',
  'wrong type: array': '[1,"2",null]',
  'wrong type: boolean': 'true',
  'wrong type: null': 'null',
  'wrong type: number': '12345',
  'wrong type: text': '"not what you want"',
  'deep nesting': '['.repeat(5000) + ']'.repeat(5000),
  '__proto__ object': '{"__proto__":{"polluted":true}}',
};

const deref = (doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;

/** Values for the parts of a request that are not under test: ids of the fixture by name, else plausible ones. */
export interface SweepFixture {
  /** a path parameter's valid value for this route, or undefined for a random uuid */
  pathValue(route: string, name: string): string | undefined;
  /** a body field's valid value by its name (ids), or undefined to derive one from the schema */
  fieldValue(name: string): unknown;
}

/** A body that passes validation as far as the document can tell: required fields only, from examples. */
export function plausibleBody(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  fixture: SweepFixture,
  depth = 0,
): unknown {
  const resolved = deref(doc, schema);
  if (!resolved || depth > 4) return {};
  if (resolved.type === 'array') return [plausibleBody(doc, resolved.items, fixture, depth + 1)];
  if (resolved.properties) {
    const body: Record<string, unknown> = {};
    for (const name of resolved.required ?? []) {
      const property = resolved.properties[name];
      const named = fixture.fieldValue(name);
      if (named !== undefined) body[name] = named;
      else body[name] = plausibleValue(doc, property, fixture, depth + 1);
    }
    return body;
  }
  return plausibleValue(doc, resolved, fixture, depth + 1);
}

function plausibleValue(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  fixture: SweepFixture,
  depth: number,
): unknown {
  const resolved = deref(doc, schema);
  if (!resolved) return 'x';
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.properties || resolved.$ref) return plausibleBody(doc, resolved, fixture, depth);
  switch (resolved.type) {
    case 'array':
      return [plausibleValue(doc, resolved.items, fixture, depth + 1)];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    default:
      return resolved.format === 'uuid' ? randomUUID() : 'x';
  }
}

/** Every hostile request for every operation of the document. */
export function hostileRequests(doc: OpenApiDocument, fixture: SweepFixture): HostileRequest[] {
  const requests: HostileRequest[] = [];
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const verb = method.toUpperCase();
      const params = operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      // A DELETE never names a real object: whatever it is sent must not be able to delete the fixture.
      const valid = (name: string) =>
        (verb === 'DELETE' ? undefined : fixture.pathValue(route, name)) ?? randomUUID();
      const target = (override?: { name: string; value: string }) =>
        route.replace(/\{([^}]+)\}/g, (_, name: string) =>
          override?.name === name ? override.value : encodeURIComponent(valid(name)),
        );
      const jsonBody = operation.requestBody?.content['application/json']?.schema;
      const base = jsonBody ? plausibleBody(doc, jsonBody, fixture) : undefined;
      const baseText = base === undefined ? undefined : JSON.stringify(base);
      const add = (
        what: string,
        url: string,
        body = baseText,
        contentType = body === undefined ? undefined : 'application/json',
      ) => requests.push({ method: verb, route, what, url, body, contentType });

      for (const param of pathParams)
        for (const [what, value] of Object.entries(HOSTILE_URL_VALUES))
          add(`path ${param.name}: ${what}`, target({ name: param.name, value }));

      for (const param of queryParams) {
        for (const [what, value] of Object.entries(HOSTILE_URL_VALUES))
          add(`query ${param.name}: ${what}`, `${target()}?${param.name}=${value}`);
        add(`query ${param.name}: repeated`, `${target()}?${param.name}=1&${param.name}=2`);
        add(`query ${param.name}: as an object`, `${target()}?${param.name}[a]=1&__proto__[polluted]=1`);
      }

      // reads take whatever query a client adds: unknown, hostile or polluting names included
      if (verb === 'GET') {
        add('unknown query: NUL', `${target()}?x=%00`);
        add(
          'unknown query: __proto__',
          `${target()}?__proto__[polluted]=1&constructor[prototype][polluted]=1`,
        );
        add('unknown query: over-long', `${target()}?${'x'.repeat(2000)}=${'y'.repeat(5000)}`);
      }

      if (base !== undefined && base !== null && typeof base === 'object' && !Array.isArray(base)) {
        const schema = deref(doc, jsonBody);
        const fields = Object.keys(schema?.properties ?? {});
        for (const field of fields)
          for (const [what, value] of Object.entries(HOSTILE_JSON_VALUES)) {
            const rest = JSON.stringify({ ...(base as object), [field]: undefined }).slice(1, -1);
            add(
              `body ${field}: ${what}`,
              target(),
              `{${rest}${rest ? ',' : ''}${JSON.stringify(field)}:${value}}`,
            );
          }
        // the body as a whole
        const firstText =
          fields.find((f) => deref(doc, schema?.properties?.[f])?.type === 'string') ?? fields[0] ?? 'x';
        add(
          'body: 2 MB',
          target(),
          JSON.stringify({ ...(base as object), [firstText]: 'x'.repeat(2 * 1024 * 1024) }),
        );
        add('body: deeply nested', target(), `{"x":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`);
        add('body: __proto__ key', target(), `{"__proto__":{"polluted":true},${baseText!.slice(1)}`);
        add(
          'body: constructor.prototype key',
          target(),
          `{"constructor":{"prototype":{"polluted":true}},${baseText!.slice(1)}`,
        );
        add('body: NUL in a key', target(), `{"a\\u0000b":1,${baseText!.slice(1)}`);
        add('body: an array', target(), `[${baseText}]`);
        add('body: a string', target(), JSON.stringify('x'));
        add('body: null', target(), 'null');
        add('body: empty', target(), '');
        add('body: malformed JSON', target(), '{"a":');
        add('body: wrong content type', target(), baseText, 'text/plain');
        add('body: form-encoded', target(), 'a=1&b=2', 'application/x-www-form-urlencoded');
        add('body: XML', target(), '<a>1</a>', 'application/xml');
      } else if (operation.requestBody && !jsonBody) {
        // multipart uploads: garbage in place of the parts
        add('multipart: no boundary', target(), 'garbage', 'multipart/form-data');
        add(
          'multipart: broken',
          target(),
          '--b\r\nContent-Disposition: form-data; name="\u0000"\r\n\r\nx',
          'multipart/form-data; boundary=b',
        );
        add('multipart: JSON instead', target(), '{"invoice_document":"x"}', 'application/json');
      }
    }
  }
  return requests;
}

/** Is this request a write (a command that could change state)? */
export const isWrite = (request: HostileRequest) => request.method !== 'GET' && request.method !== 'HEAD';
