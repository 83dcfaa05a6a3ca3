import { z } from 'zod';
import { okBody } from '../common.ts';
import { edgeCredentialsIssued } from '../gateways.ts';
import { endpoint } from './endpoint.ts';

/** A gateway's or a trigger's id or MAC. */
const deviceParams = z.object({ id: z.string().min(1).max(64) });

const CONNECT_HELP =
  'The answer is what the admin types on the device’s own web page, `Advance > MQTT` (senseway-gateway.md §2): broker host and port (or the TLS port), username = the MAC, password = the secret. The secret is shown only in this answer: it is stored as its SHA-256 and cannot be read back; issuing again rotates it, and connections made with the old one are closed.';

/** What each kind of device is called in the texts, its path and its not-found code. */
const KINDS = {
  gateway: { noun: 'gateway', path: '/gateway/:id/credentials', notFound: 'GATEWAY_NOT_FOUND' },
  trigger: { noun: 'trigger device', path: '/trigger/:id/credentials', notFound: 'TRIGGER_NOT_FOUND' },
} as const;

/** Issue or rotate the MQTT credentials of a gateway or a trigger (one handler serves both). */
const issueCredentials = <K extends keyof typeof KINDS>(kind: K) =>
  endpoint({
    method: 'POST',
    path: KINDS[kind].path as (typeof KINDS)[K]['path'],
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: `Issue or rotate a ${kind}'s MQTT credentials`,
    description: `\`id\`: the ${KINDS[kind].noun}'s id or MAC. ${CONNECT_HELP} 404 ${KINDS[kind].notFound} for an unknown one or another customer's.`,
    params: deviceParams,
    response: edgeCredentialsIssued,
    errors: [404],
  });

/** Revoke the MQTT credentials of a gateway or a trigger (one handler serves both). */
const revokeCredentials = <K extends keyof typeof KINDS>(kind: K) =>
  endpoint({
    method: 'DELETE',
    path: KINDS[kind].path as (typeof KINDS)[K]['path'],
    access: { permission: ['updateGateway'] },
    tags: ['gateways'],
    summary: `Revoke a ${kind}'s MQTT credentials`,
    description: `The broker refuses the device from now on and closes its open connections; issue new credentials to let it in again. Idempotent. 404 ${KINDS[kind].notFound}.`,
    params: deviceParams,
    response: okBody,
    errors: [404],
  });

/**
 * MQTT credentials of gateways and triggers (docs/security.md "The device edge"): issue or rotate,
 * and revoke. Permission updateGateway, like every change of how the plant reaches the server.
 * Server: modules/gateways (credential-routes.ts).
 */
export const GATEWAY_CREDENTIAL_ENDPOINTS = {
  issueGatewayCredentials: issueCredentials('gateway'),
  revokeGatewayCredentials: revokeCredentials('gateway'),
  issueTriggerCredentials: issueCredentials('trigger'),
  revokeTriggerCredentials: revokeCredentials('trigger'),
};
