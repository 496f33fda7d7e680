import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { ConsoleLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstPaintHtml, type RouteChunks } from './first-paint.js';
import { AppModule } from './app.module.js';
import { APP_VERSION } from './infra/config/config.js';
import { AppLogger } from './infra/config/logging.js';
import { toProblem } from './infra/http/error-filter.js';
import { registerInputGuards } from './infra/http/input-guards.js';
import { createValidationPipe } from './infra/http/validation.js';
import { renderInbox, renderMessage } from './infra/mail/mail-inbox.js';
import { DocumentEmails } from './delivery/document-emails.js';
import { QuickBooksSync } from './integrations/quickbooks/quickbooks.sync.js';
import { SyncRunner } from './integrations/sync-runner.js';
import { shopPathFor, shopSubdomainOf } from './orders/shop/shop-host.js';
import type { Runtime } from './runtime.js';

export const API_PREFIX = 'api/v1';
const BODY_LIMIT = 5 * 1024 * 1024;

/** helmet's headers for our policy, as its middleware sets them, read once from a response stand-in. */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI's emotion injects style elements; scripts stay strict
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null, // served over plain http on a LAN address too
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

const SECURITY_HEADERS = securityHeaders();

/** Answers longer than this (in UTF-16 units) are sent as bytes encoded once. */
const LARGE_ANSWER = 16 * 1024;

/** The HTTP application: API under /api/v1, OpenAPI at /api/docs, the web client everywhere else. */
export async function createHttpApp(
  runtime: Runtime,
  options: { logger?: boolean; logHttp?: boolean } = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    trustProxy: process.env.TRUST_PROXY === 'true',
    logger: options.logHttp ? { level: runtime.config.logLevel } : false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  // Structured logs: one JSON object per line (Nest's own messages and errors; requests too with LOG_HTTP=true), at
  // LOG_LEVEL; the framework's start-up lines (modules, the route table) only at debug. Tests print errors only.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(runtime), adapter, {
    logger: options.logger
      ? new AppLogger(runtime.config.logLevel)
      : new ConsoleLogger({ json: true, logLevels: ['error', 'fatal'] }),
  });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  // Security headers on every answer, computed once at start (the plugin @fastify/helmet built helmet's middleware
  // again for every request: 1–2 % of the API's CPU on the invoice path).
  // On the raw response, as helmet's middleware did: answers streamed through it (CSV, PDF) carry them too.
  const headers = Object.entries(SECURITY_HEADERS);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });

  // Uploads (logos, invoice documents): multipart/form-data, 5 MB a file; routes read them with request.parts().
  await app.register(multipart, { limits: { fileSize: BODY_LIMIT, files: 5, fields: 20, parts: 30 } });

  // Built on the first request for it, not at every start (the whole API's document takes a while to build).
  const document = () =>
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Stampline API')
        .setDescription(
          "Sign in with POST /api/v1/auth/signin and send the answer's access_token as `Authorization: Bearer …`.",
        )
        .setVersion(APP_VERSION)
        // the tokens are opaque random strings (only their hash is stored), not JWTs
        .addBearerAuth({
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'opaque', // Nest's default says JWT
          description: 'An opaque session token from sign-in (not a JWT): valid 23 h, revoked by sign-out',
        })
        .build(),
    );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  const fastify = app.getHttpAdapter().getInstance();
  registerInputGuards(fastify);
  // A large answer (a customer's open invoices, a grid page, the API document) is encoded to UTF-8 here, in one pass:
  // a string handed to the socket is encoded by a per-character path, 1–2 ms slower for 300 KB on a 2-core machine.
  fastify.addHook('onSend', (_request, _reply, payload, done) => {
    done(null, typeof payload === 'string' && payload.length > LARGE_ANSWER ? Buffer.from(payload) : payload);
  });
  const capture = runtime.mailCapture;
  if (capture) {
    fastify.get('/dev/mail', (_, reply) =>
      reply.type('text/html; charset=utf-8').send(renderInbox(capture.messages())),
    );
    fastify.get<{ Params: { id: string } }>('/dev/mail/:id', (request, reply) => {
      const mail = capture.message(request.params.id);
      if (!mail) return reply.status(404).send({ statusCode: 404, message: 'No such message' });
      return reply.type('text/html; charset=utf-8').send(renderMessage(mail));
    });
  }

  const webDir = runtime.config.webDir;
  const indexHtml = join(webDir, 'index.html');
  if (existsSync(indexHtml)) {
    // The file list is read at start (wildcard: false): a rebuilt client needs a restart, as any deploy does.
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
    });
    const html = readFileSync(indexHtml, 'utf8');
    const routeChunks = join(webDir, 'route-chunks.json');
    const pageHtml = existsSync(routeChunks)
      ? firstPaintHtml(html, JSON.parse(readFileSync(routeChunks, 'utf8')) as RouteChunks)
      : () => html;
    // Client-side routing: any other GET outside the API answers the app shell.
    fastify.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/')) {
        return reply
          .status(404)
          .send(toProblem({ statusCode: 404, message: `Cannot GET ${request.url.split('?')[0]}` }));
      }
      // `{subdomain}.{APP_URL host}`: that company's ordering app (the same page under /shop/{subdomain}).
      const appUrl = runtime.config.appUrl ?? `http://localhost:${runtime.config.port}`;
      const subdomain = shopSubdomainOf(request.headers.host, new URL(appUrl).hostname);
      const shopPath = subdomain ? shopPathFor(subdomain, request.url) : null;
      if (shopPath) return reply.redirect(shopPath, 302);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageHtml(request.url.split('?')[0]!));
    });
  }
  await app.init();
  // E-mails (of invoices, credit memos, statements) left queued by an earlier process are retried by this one (in
  // the background; the CLI never does).
  void app.get(DocumentEmails).resume();
  // So are point-of-sale syncs a stopped process left running (each held by one process at a time).
  void app.get(SyncRunner).resume();
  // Scheduled QuickBooks syncs start from API processes.
  app.get(QuickBooksSync).startSchedule();
  return app;
}
