/**
 * A gateway survives its broker going away: it reconnects, subscribes again and keeps answering.
 */
import { senseway } from '@overtone/contract';
import { describe, expect, it } from 'vitest';
import { startPlant } from './plant.ts';
import { connectRecorder, startTestBroker } from './test-broker.ts';

const GW = 'CA:B8:28:00:00:01';
const DEV = 'CA:B8:31:00:00:03';

describe('reconnect', () => {
  it('re-subscribes and scans again after the broker restarts', { timeout: 30_000 }, async () => {
    let broker = await startTestBroker();
    const port = Number(new URL(broker.url).port);
    let connects = 0;
    let onSecondConnect = () => {};
    const reconnected = new Promise<void>((resolve) => (onSecondConnect = resolve));
    const plant = await startPlant({
      onEvent: (e) => {
        if (e.type === 'connected' && ++connects === 2) onSecondConnect();
      },
      mqttUrl: broker.url,
      scanIntervalMs: 200,
      acquisitionSpeedup: 1000,
      mqttOptions: { reconnectPeriod: 100 },
    });
    try {
      await broker.close();
      broker = await startTestBroker(port);
      // a fresh broker has no sessions: only a re-subscribing gateway can answer this
      const server = await connectRecorder(broker.url, ['prod/gateway/#', 'prod/device/+/measure/+/chunk/+']);
      await reconnected; // emitted once subscribed again
      await server.next((m) => m.topic === `prod/gateway/${GW}/scanDevice`, 10_000);
      const id = 'cd'.repeat(12);
      await server.client.publishAsync(senseway.topics.measure('prod', GW, DEV, id), '2,9,500', { qos: 1 });
      const done = await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, DEV, id, 'done'));
      expect(senseway.donePayload.parse(JSON.parse(done.payload.toString())).STAT.CHUNK_COUNT).toBe(1);
      await server.client.endAsync();
    } finally {
      await plant.stop();
      await broker.close();
    }
  });
});
