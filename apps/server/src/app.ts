import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './infra/config.ts';
import type { AppContext } from './context.ts';
import { notFoundBody, registerErrorHandler } from './infra/errors.ts';
import { resolveAuth, tokenOf } from './modules/auth/session.ts';
import { assertRouteDeclaresAccess, enforceAccess } from './modules/auth/access.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { treeRoutes } from './modules/tree/routes.ts';
import { pointRoutes } from './modules/points/routes.ts';
import { iotRoutes } from './modules/iot/routes.ts';
import { measurementRoutes } from './modules/measurements/routes.ts';
import { analysisRoutes } from './modules/analysis/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';

export const API_PREFIX = '/api';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as registered (tests walk it: access, permissions). */
    routeTable: RouteOptions[];
  }
}

/** Builds the HTTP app: validation from the contract, auth resolution, the modules, the web app. */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean | object; config: Config }): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 1024 * 1024, trustProxy: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Overtone API', version: '0.1.0' }, servers: [{ url: API_PREFIX }] },
    transform: jsonSchemaTransform,
  });

  app.decorateRequest('auth', null);
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    assertRouteDeclaresAccess(route, API_PREFIX);
    if (route.url.startsWith(API_PREFIX)) routeTable.push(route);
  });
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(API_PREFIX)) return;
    req.auth = await resolveAuth(ctx.db, tokenOf(req));
    enforceAccess(req);
  });

  await app.register(
    async (api) => {
      for (const mod of [
        healthRoutes,
        authRoutes,
        customerRoutes,
        treeRoutes,
        pointRoutes,
        iotRoutes,
        measurementRoutes,
        analysisRoutes,
      ])
        await mod(api, ctx);
    },
    // Request lines only at warn and above: the server log stays readable for a person running `npm start`.
    { prefix: API_PREFIX, logLevel: 'warn' },
  );

  const dist = opts.config.webDist;
  const serveWeb = Boolean(dist && fs.existsSync(path.join(dist, 'index.html')));
  if (serveWeb) await app.register(fastifyStatic, { root: dist!, wildcard: true, logLevel: 'warn' });
  app.setNotFoundHandler((req, reply) => {
    // History-mode client routes: every non-API GET that is not a file gets index.html.
    if (serveWeb && req.method === 'GET' && !req.url.startsWith(API_PREFIX) && !req.url.startsWith('/mqtt'))
      return reply.sendFile('index.html');
    reply.status(404).send(notFoundBody());
  });
  return app;
}
