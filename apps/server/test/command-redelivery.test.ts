/**
 * Measure commands lost with a gateway's connection are sent again when it is back
 * (modules/iot/command-redelivery.ts), over the real embedded broker: a gateway with a clean session
 * leaves, a measurement is requested meanwhile, the gateway comes back and scans, and receives the
 * command with the same id. The external broker's case (the server rewrote the gateway's role and
 * Mosquitto disconnected it) is measure.test.ts's NO_DEVICE case in the `api:external` tier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type mqtt from 'mqtt';
import { ENDPOINTS, senseway } from '@overtone/contract';
import { callApi } from './support/endpoint-client.ts';
import { login, startTestServer } from './support/test-server.ts';
import { connectGateway } from './support/gateway-client.ts';
import { until } from './support/until.ts';
import { COMMAND_ANSWER_TIMEOUT_MS, noteConnectionDropped } from '../src/modules/iot/command-redelivery.ts';
import { takeConnectionDropped } from '../src/modules/iot/repo.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let pointId: string;
const GATEWAY = 'CA:B8:28:00:00:01';
const DEVICE = 'CA:B8:31:00:00:02';
const CLIENT_ID = 'senseway-cab828000001';

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  const tree = await callApi(server.url, token, ENDPOINTS.getTree);
  pointId = tree.body.find((n) => n.name === 'Inner race fault')!._id;
});
afterAll(async () => {
  await server?.close();
});

/** The gateway, connected with a clean session and subscribed to its measure commands, recording them. */
async function gatewayOnline() {
  const client = await connectGateway(server, GATEWAY, { clientId: CLIENT_ID, clean: true });
  const commands: { objectId: string; payload: string }[] = [];
  client.on('message', (topic, payload) => {
    const t = senseway.parseTopicStrict(topic);
    if (t.kind === 'measureCommand') commands.push({ objectId: t.id, payload: payload.toString() });
  });
  await client.subscribeAsync(`prod/gateway/${GATEWAY}/device/+/measure/+`, { qos: 1 });
  return { client, commands };
}
const scan = (client: mqtt.MqttClient) =>
  client.publishAsync(`prod/gateway/${GATEWAY}/scanDevice`, JSON.stringify({ [DEVICE]: { rssi: -50, status: 'ready' } }), {
    qos: 1,
  });
const droppedAt = async () =>
  (
    await server.ctx.db
      .selectFrom('gateways')
      .select('connection_dropped_at')
      .where('mac', '=', GATEWAY)
      .executeTakeFirstOrThrow()
  ).connection_dropped_at;
async function requestMeasurement(): Promise<string> {
  const res = await callApi(server.url, token, ENDPOINTS.measurePoint, {
    params: { pointId },
    body: { tags: [], gateway: GATEWAY },
  });
  expect(res.status).toBe(200);
  return res.body._id;
}
const stateOf = async (id: string) =>
  (await server.ctx.db.selectFrom('measurements').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

describe('measure commands sent while a gateway was away', () => {
  it('are sent again, with the same id and command, at its first scan after it reconnects; once', async () => {
    const first = await gatewayOnline();
    await scan(first.client);
    await server.ingest.idle();
    expect(await droppedAt()).toBeNull();
    await first.client.endAsync();
    await until(async () => (await droppedAt()) !== null);

    const id = await requestMeasurement(); // published to nobody: the session was clean
    const back = await gatewayOnline();
    await new Promise((r) => setTimeout(r, 300));
    expect(back.commands).toEqual([]);
    expect(await stateOf(id)).toBe('requested');

    await scan(back.client);
    const got = await until(async () => back.commands.find((c) => c.objectId === id));
    const row = await server.ctx.db
      .selectFrom('measurements')
      .select(['range_index', 'rate_index', 'sample_size', 'device_mac'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(senseway.parseMeasureCommand(got.payload)).toEqual({
      rangeIndex: row.range_index,
      rateIndex: row.rate_index,
      sampleSize: row.sample_size,
    });
    expect(row.device_mac).toBe(DEVICE);
    expect(await droppedAt()).toBeNull();

    // the note was taken: a later scan sends nothing again
    await scan(back.client);
    await server.ingest.idle();
    await new Promise((r) => setTimeout(r, 300));
    expect(back.commands.filter((c) => c.objectId === id)).toHaveLength(1);
    await back.client.endAsync();
  });

  it('leaves answered commands, commands past the answer timeout and other gateways’ alone', async () => {
    const online = await gatewayOnline();
    const answered = await requestMeasurement();
    const old = await requestMeasurement();
    const fresh = await requestMeasurement();
    await until(async () => online.commands.filter((c) => [answered, old, fresh].includes(c.objectId)).length === 3);
    await online.client.publishAsync(senseway.topics.measureEvent('prod', GATEWAY, DEVICE, answered, 'accepted'), '', { qos: 1 });
    await until(async () => (await stateOf(answered)) === 'accepted');
    await server.ctx.db
      .updateTable('measurements')
      .set({ created_at: new Date(Date.now() - COMMAND_ANSWER_TIMEOUT_MS - 1000) })
      .where('id', '=', old)
      .execute();
    await online.client.endAsync();
    await until(async () => (await droppedAt()) !== null);

    const back = await gatewayOnline();
    await scan(back.client);
    await until(async () => back.commands.some((c) => c.objectId === fresh));
    await server.ingest.idle();
    await new Promise((r) => setTimeout(r, 300));
    // (the first case's measurement, still unanswered, is sent again too)
    expect(back.commands.map((c) => c.objectId).filter((id) => [answered, old, fresh].includes(id))).toEqual([fresh]);
    await back.client.endAsync();
    await until(async () => (await droppedAt()) !== null);
    await takeConnectionDropped(server.ctx.db, GATEWAY);
  });

  it('is noted once and taken by one of several concurrent scans (instances sharing the ingest)', async () => {
    const at = new Date(Date.now() - 5000);
    await noteConnectionDropped(server.ctx.db, [GATEWAY.toLowerCase()], at);
    await noteConnectionDropped(server.ctx.db, [GATEWAY], new Date()); // an earlier note is kept
    expect((await droppedAt())?.getTime()).toBe(at.getTime());
    const taken = await Promise.all([1, 2, 3, 4].map(() => takeConnectionDropped(server.ctx.db, GATEWAY)));
    expect(taken.filter((t) => t !== null).map((t) => t!.getTime())).toEqual([at.getTime()]);
    expect(await droppedAt()).toBeNull();
  });
});
