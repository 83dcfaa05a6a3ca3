import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceKindOf, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { customerOrigin } from '../tenancy/tenant.ts';
import { issueEdgeCredentials, revokeEdgeCredentials } from '../edge/credentials.ts';
import { findDeviceRow, findGateway } from '../devices/repo.ts';

/**
 * MQTT credentials of gateways and triggers (docs/security.md "The device edge"): issue or rotate,
 * and revoke. Permission updateGateway, like every change of how the plant reaches the server.
 */
export async function gatewayCredentialRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The customer's gateway (by id or MAC), or 404 GATEWAY_NOT_FOUND. */
  const gatewayOf = async (customerId: string, idOrMac: string) => {
    const gw = await findGateway(ctx.db, customerId, idOrMac);
    if (!gw) throw new AppError('GATEWAY_NOT_FOUND');
    return gw;
  };
  /** The customer's trigger device (by id or MAC), or 404 TRIGGER_NOT_FOUND. */
  const triggerOf = async (customerId: string, idOrMac: string) => {
    const d = await findDeviceRow(ctx.db, customerId, idOrMac);
    if (!d || deviceKindOf(d.mac) !== 'TRIGGER') throw new AppError('TRIGGER_NOT_FOUND');
    return d;
  };

  const KINDS = [
    { kind: 'GATEWAY', find: gatewayOf, issue: ENDPOINTS.issueGatewayCredentials, revoke: ENDPOINTS.revokeGatewayCredentials },
    { kind: 'TRIGGER', find: triggerOf, issue: ENDPOINTS.issueTriggerCredentials, revoke: ENDPOINTS.revokeTriggerCredentials },
  ] as const;
  for (const { kind, find, issue, revoke } of KINDS) {
    r.route({
      ...routeOf(issue),
      handler: async (req) => {
        const auth = authOf(req);
        const target = await find(auth.customerId, req.params.id);
        return issueEdgeCredentials(ctx, {
          customerId: auth.customerId,
          mac: target.mac,
          kind,
          userId: auth.userId,
          hostname: new URL(customerOrigin(req)).hostname,
        });
      },
    });
    r.route({
      ...routeOf(revoke),
      handler: async (req) => {
        const auth = authOf(req);
        const target = await find(auth.customerId, req.params.id);
        await revokeEdgeCredentials(ctx, auth.customerId, target.mac);
        return { ok: true as const };
      },
    });
  }
}
