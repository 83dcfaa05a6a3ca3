import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { customerOf } from '../tenancy/tenant.ts';
import { mfaChallengeInfo, verifyMfaCode } from './mfa.ts';

/** The second login step's operations (issue 4; the rules: mfa.ts). */
export async function mfaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.getMfaChallenge),
    handler: async (req) => mfaChallengeInfo(ctx, customerOf(req).id, req.params.id),
  });

  r.route({
    ...routeOf(ENDPOINTS.verifyMfa),
    handler: async (req) => verifyMfaCode(ctx, customerOf(req), req.body, req.ip),
  });
}
