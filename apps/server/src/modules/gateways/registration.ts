import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import { forgetEdgeCredentials, issueEdgeCredentials } from '../edge/credentials.ts';
import { deleteGatewayReleasingDevices, insertGateway } from './repo.ts';

/** What registering a gateway needs (`POST /gateway`). */
export interface GatewayRegistration {
  customerId: string;
  /** the admin registering it (recorded with its credentials) */
  userId: string;
  /** the gateway's MAC, upper case */
  mac: string;
  /** its Senseway topic root (`prod` or `lake`) */
  root: string;
  /** the customer's host name, written into the credentials' broker address */
  hostname: string;
}

/**
 * Registers a gateway of the customer and issues its MQTT credentials (docs/devices.md
 * "Ownership"; docs/security.md "The device edge"): a MAC belongs to one customer at most, so a MAC
 * registered already, to anyone, is refused; the devices it hears are then offered to the customer's
 * admins (`availableDevices`), none is registered by it.
 * @throws AppError DEVICE_REGISTERED (409) when the MAC is registered already
 * @returns the gateway's id and its credentials (the password is shown only here)
 */
export async function registerGateway(ctx: AppContext, g: GatewayRegistration) {
  const id = newId();
  if (!(await insertGateway(ctx.db, { id, customerId: g.customerId, mac: g.mac, root: g.root })))
    throw new AppError('DEVICE_REGISTERED', 'macAddress');
  const credentials = await issueEdgeCredentials(ctx, {
    customerId: g.customerId,
    mac: g.mac,
    kind: 'GATEWAY',
    userId: g.userId,
    hostname: g.hostname,
  });
  return { _id: id, credentials };
}

/**
 * Removes a gateway of the customer: its devices stay registered and lose it as their gateway (a
 * point's device then goes through any gateway that hears it), in one transaction; its MQTT identity
 * goes with it (the broker refuses and disconnects it), and the customer's edge scope is recomputed.
 */
export async function removeGateway(ctx: AppContext, customerId: string, gw: { id: string; mac: string }) {
  await deleteGatewayReleasingDevices(ctx.db, customerId, gw);
  await forgetEdgeCredentials(ctx, customerId, gw.mac);
  await ctx.edge.scopeChanged(customerId);
}
