import { afterAll, beforeAll } from 'vitest';
import { type Endpoint, type MetricAlarmInput } from '@overtone/contract';
import { api, login, startTestServer } from './test-server.ts';
import { callApi, type TestCall } from './endpoint-client.ts';
import { insertPoint } from './points.ts';
import { createSecondTenant, OTHER_HOST } from './second-tenant.ts';
import { demoCustomerId } from './users.ts';

/** Shared setup of alarms.test.ts and alarm-access.test.ts: live bindings, read them inside tests. */
export let server: Awaited<ReturnType<typeof startTestServer>>;
export let token: string;
export let otherToken: string;
export let demoId: string;
export let otherId: string;
export let pointId: string;
export let otherPointId: string;
export const MISSING = '0123456789abcdef01234567';

export const newPoint = (customerId: string, point: Record<string, unknown> = {}) => insertPoint(server, customerId, { point });

export const TOP: MetricAlarmInput = {
  name: 'GRMS high',
  telemetry: 'GRMS',
  source: 'accelerometer_x',
  thresholdDirection: 1,
  calculated: true,
  properties: { frequencyRange: null },
  threshold: { attention: [-1, 2], hazard: [-1, 5], critical: [-1, 8] },
};
/** A request by path: for what the contract refuses on purpose (validation) and tables of several operations. */
export const call = <T>(method: string, p: string, body?: unknown, tok = token, host?: string) =>
  api<T>(server.url, tok, method, p, body, { host });
/** A call of an endpoint of the contract's table (typed from its schemas), as the demo admin unless told. */
export const callAs = <E extends Endpoint>(e: E, c: TestCall<E> = {}, tok = token) => callApi(server.url, tok, e, c);
export type Bad = { errors: { msg: string; param?: string }[] };

/** Registers the fixture's beforeAll and afterAll in the calling test file. */
export function useAlarmsFixture() {
  beforeAll(async () => {
    server = await startTestServer();
    token = await login(server.url);
    demoId = await demoCustomerId(server);
    const other = await createSecondTenant(server);
    otherId = other.customerId;
    otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
    pointId = await newPoint(demoId);
    otherPointId = await newPoint(otherId);
  });
  afterAll(async () => server?.close());
}
