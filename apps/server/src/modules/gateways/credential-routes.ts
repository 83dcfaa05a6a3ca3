import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceKindOf, edgeCredentialsIssued, errorBody, okBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { customerOrigin } from '../tenancy/tenant.ts';
import { issueEdgeCredentials, revokeEdgeCredentials } from '../edge/credentials.ts';
import { findDeviceRow, findGateway } from '../devices/repo.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

const CONNECT_HELP =
  'The answer is what the admin types on the device’s own web page, `Advance > MQTT` (senseway-gateway.md §2): broker host and port (or the TLS port), username = the MAC, password = the secret. The secret is shown only in this answer: it is stored as its SHA-256 and cannot be read back; issuing again rotates it, and connections made with the old one are closed.';

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

  for (const kind of ['GATEWAY', 'TRIGGER'] as const) {
    const path = kind === 'GATEWAY' ? '/gateway/:id/credentials' : '/trigger/:id/credentials';
    const find = kind === 'GATEWAY' ? gatewayOf : triggerOf;
    const notFound = kind === 'GATEWAY' ? 'GATEWAY_NOT_FOUND' : 'TRIGGER_NOT_FOUND';
    r.post(path, {
      config: { access: needs('updateGateway') },
      schema: {
        tags: ['gateways'],
        summary:
          kind === 'GATEWAY' ? "Issue or rotate a gateway's MQTT credentials" : "Issue or rotate a trigger's MQTT credentials",
        description: `\`id\`: the ${kind === 'GATEWAY' ? 'gateway' : 'trigger device'}'s id or MAC. ${CONNECT_HELP} 404 ${notFound} for an unknown one or another customer's.`,
        params: idParams,
        response: { 200: edgeCredentialsIssued, 404: errorBody },
      },
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
    r.delete(path, {
      config: { access: needs('updateGateway') },
      schema: {
        tags: ['gateways'],
        summary: kind === 'GATEWAY' ? "Revoke a gateway's MQTT credentials" : "Revoke a trigger's MQTT credentials",
        description: `The broker refuses the device from now on and closes its open connections; issue new credentials to let it in again. Idempotent. 404 ${notFound}.`,
        params: idParams,
        response: { 200: okBody, 404: errorBody },
      },
      handler: async (req) => {
        const auth = authOf(req);
        const target = await find(auth.customerId, req.params.id);
        await revokeEdgeCredentials(ctx, auth.customerId, target.mac);
        return { ok: true as const };
      },
    });
  }
}
