/**
 * The CLI as a real gateway process: spawned with tsx against a broker given only by MQTT_URL.
 */
import { senseway } from '@overtone/contract';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRecorder, startTestBroker, type TestBroker } from './test-broker.ts';

const GW = 'CA:B8:28:00:00:01';
let broker: TestBroker;

beforeAll(async () => {
  broker = await startTestBroker();
});
afterAll(async () => {
  await broker?.close();
});

describe('main.ts standalone', () => {
  it('connects to MQTT_URL, scans, answers a measure command and stops cleanly on SIGTERM', { timeout: 60_000 }, async () => {
    const server = await connectRecorder(broker.url, ['lake/gateway/#', 'lake/device/+/measure/+/chunk/+']);
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))], {
      env: { ...process.env, MQTT_URL: broker.url, SENSEWAY_ROOT: 'lake', SCAN_INTERVAL_MS: '60000', ACQUISITION_SPEEDUP: '100' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const scan = await server.next((m) => m.topic === `lake/gateway/${GW}/scanDevice`, 30_000);
      expect(
        Object.values(senseway.scanPayload.parse(JSON.parse(scan.payload.toString()))).every((d) => d.status === 'Ready'),
      ).toBe(true);

      const id = 'ab'.repeat(12);
      await server.client.publishAsync(senseway.topics.measure('lake', GW, 'CA:B8:31:00:00:02', id), '2,9,1000', { qos: 1 });
      const done = await server.next(
        (m) => m.topic === senseway.topics.measureEvent('lake', GW, 'CA:B8:31:00:00:02', id, 'done'),
      );
      expect(senseway.donePayload.parse(JSON.parse(done.payload.toString())).STAT.CALIBRATED_SAMPLINGRATE).toBe(12000);
      expect(server.messages.some((m) => m.topic === senseway.topics.chunk('lake', 'CA:B8:31:00:00:02', id, 0))).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toMatch(/gateway-sim scan gw=CA:B8:28:00:00:01/);
      expect(output).toMatch(/gateway-sim done gw=CA:B8:28:00:00:01 dev=CA:B8:31:00:00:02 id=abab/);
    } finally {
      child.kill('SIGKILL');
      await server.client.endAsync();
    }
  });
});
