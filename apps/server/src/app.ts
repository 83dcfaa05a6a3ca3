import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './infra/config.ts';
import type { AppContext } from './context.ts';
import { AppError, notFoundBody, registerErrorHandler } from './infra/errors.ts';
import { rejectUnsafeInput, validatorCompiler } from './infra/validator.ts';
import { registerSecurityHeaders, webFileHeaders } from './infra/security-headers.ts';
import { authFromSession, requestTokenHash, tokenOf } from './modules/auth/session.ts';
import { assertRouteDeclaresAccess, enforceAccess } from './modules/auth/access.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { resolveTenant } from './modules/tenancy/tenant.ts';
import { meRoutes } from './modules/me/routes.ts';
import { treeRoutes } from './modules/tree/routes.ts';
import { pointRoutes } from './modules/points/routes.ts';
import { groupRoutes } from './modules/tree/group-routes.ts';
import { pointImageRoutes } from './modules/points/images.ts';
import { iotRoutes } from './modules/iot/routes.ts';
import { measurementRoutes } from './modules/measurements/routes.ts';
import { analysisRoutes } from './modules/analysis/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { rolesRoutes } from './modules/roles/routes.ts';
import { preferencesRoutes } from './modules/preferences/routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import { gatewaysRoutes } from './modules/gateways/routes.ts';
import { ducksRoutes } from './modules/ducks/routes.ts';
import { bearingsRoutes } from './modules/bearings/routes.ts';
import { pointRoutesRoutes } from './modules/point-routes/routes.ts';
import { devicesRoutes } from './modules/devices/routes.ts';
import { pointConfigRoutes } from './modules/point-config/routes.ts';
import { schedulerRoutes } from './modules/scheduler/routes.ts';
import { measurementDetailRoutes } from './modules/measurements/detail-routes.ts';
import { shareRoutes } from './modules/share/routes.ts';
import { alarmRoutes } from './modules/alarms/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { faultReportRoutes } from './modules/fault-reports/routes.ts';
import { aiModelRoutes } from './modules/ai-models/routes.ts';
import { trendRoutes } from './modules/trend/routes.ts';
import { gatewayCredentialRoutes } from './modules/gateways/credential-routes.ts';
import { gatewayRegistrationRoutes } from './modules/gateways/registration-routes.ts';
import { serveRequestsUrgently } from './infra/db/priority.ts';
import { maintenanceRoutes } from './modules/maintenance/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { conditionRoutes } from './modules/condition/routes.ts';

export const API_PREFIX = '/api';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as registered (tests walk it: access, permissions). */
    routeTable: RouteOptions[];
  }
}

/**
 * Builds the HTTP app: validation from the contract, tenant and auth resolution, the modules, the web
 * app. `config.trustProxy` (TRUST_PROXY, off by default) decides whether X-Forwarded-Host/-For/-Proto
 * are believed for the tenant host, the client address (throttling) and the links the server mails.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean | object; config: Config }): Promise<FastifyInstance> {
  const tp = opts.config.trustProxy;
  const trustProxy = typeof tp === 'number' ? (_addr: string, hop: number) => hop < tp : tp;
  // Headers up to 64 KiB (Node's default is 16): a dashboard call filtered by the tree's checked
  // points carries them in its query, ~25 bytes an id (docs/dashboard.md "Every call").
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 1024 * 1024, trustProxy, http: { maxHeaderSize: 64 * 1024 } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // first: every later hook and handler of a request runs with its database work served first
  serveRequestsUrgently(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, API_PREFIX);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Overtone API', version: '0.1.0' }, servers: [{ url: API_PREFIX }] },
    transform: jsonSchemaTransform,
  });

  app.decorateRequest('auth', null);
  app.decorateRequest('customer', null);
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    assertRouteDeclaresAccess(route, API_PREFIX);
    if (route.url.startsWith(API_PREFIX)) routeTable.push(route);
  });
  // Every API request: the customer from the host (404 when none is served there; not for
  // /api/health), then the session, valid only on its own customer's hosts, then the route's access.
  // Customer and session are read in one database round trip.
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(API_PREFIX)) return;
    const tokenHash = requestTokenHash(tokenOf(req));
    const session = await resolveTenant(ctx.db, req, tokenHash);
    // An /api path no API route serves (the web app's wildcard file route would take GETs) is 404
    // for everyone, before session and access: unknown paths reveal nothing and are no 403.
    if (req.is404 || !req.routeOptions.url?.startsWith(API_PREFIX)) throw new AppError('NOT_FOUND');
    req.auth = authFromSession(session, tokenHash);
    enforceAccess(req);
  });
  // Every API request, once parsed: no NUL character in any string, no path parameter ending in '.'.
  app.addHook('preValidation', async (req) => {
    if (req.url.startsWith(API_PREFIX)) rejectUnsafeInput(req);
  });

  await app.register(
    async (api) => {
      // API answers of compressible types (JSON, CSV, text; not PDF, PNG, ZIP) from 1 KiB, brotli or gzip
      // by Accept-Encoding (brotli at quality 4: fast enough per request). The web app's files are
      // compressed at build instead (below). Request bodies are not decompressed (no route takes them
      // compressed). docs/architecture.md "Assets: compressed and cached".
      await api.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
      for (const mod of [
        healthRoutes,
        authRoutes,
        customerRoutes,
        meRoutes,
        treeRoutes,
        groupRoutes,
        pointRoutes,
        pointImageRoutes,
        iotRoutes,
        measurementRoutes,
        analysisRoutes,
        usersRoutes,
        rolesRoutes,
        preferencesRoutes,
        telemetryRoutes,
        gatewaysRoutes,
        ducksRoutes,
        bearingsRoutes,
        pointRoutesRoutes,
        devicesRoutes,
        pointConfigRoutes,
        schedulerRoutes,
        measurementDetailRoutes,
        shareRoutes,
        aiModelRoutes,
        alarmRoutes,
        notificationRoutes,
        faultReportRoutes,
        trendRoutes,
        gatewayCredentialRoutes,
        gatewayRegistrationRoutes,
        maintenanceRoutes,
        dashboardRoutes,
        conditionRoutes,
      ])
        await mod(api, ctx);
    },
    // Request lines only at warn and above: the server log stays readable for a person running `npm start`.
    { prefix: API_PREFIX, logLevel: 'warn' },
  );

  const dist = opts.config.webDist;
  const serveWeb = Boolean(dist && fs.existsSync(path.join(dist, 'index.html')));
  // The build's `.br`/`.gz` copies (apps/web/scripts/precompress.ts) by Accept-Encoding; caching per file.
  if (serveWeb)
    await app.register(fastifyStatic, {
      root: dist!,
      wildcard: true,
      logLevel: 'warn',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => webFileHeaders(res, path.relative(dist!, filePath)),
    });
  app.setNotFoundHandler((req, reply) => {
    // History-mode client routes: every non-API GET that is not a file gets index.html.
    if (serveWeb && req.method === 'GET' && !req.url.startsWith(API_PREFIX) && !req.url.startsWith('/mqtt'))
      return reply.sendFile('index.html');
    reply.status(404).send(notFoundBody());
  });
  return app;
}
