/**
 * The simulator's periodic operation (sleep command → self-initiated measurements on that period,
 * accelerated) and its trigger device.
 */
import { senseway } from '@overtone/contract';
import { describe, expect, it, vi } from 'vitest';
import { parseSleepSeconds, PeriodicSchedules, selfObjectId } from './periodic.ts';
import { startPlant } from './plant.ts';
import { startSimTrigger } from './trigger.ts';
import { connectRecorder, startTestBroker } from './test-broker.ts';

const GW = 'CA:B8:28:00:00:01';
const DEV = 'CA:B8:31:00:00:03';

describe('parseSleepSeconds', () => {
  it('reads decimal seconds and rounds up to a power of two (§8.1)', () => {
    expect(parseSleepSeconds('2048')).toBe(2048);
    expect(parseSleepSeconds(' 3000\n')).toBe(4096);
    expect(parseSleepSeconds('131072')).toBe(131072);
    expect(parseSleepSeconds('0')).toBeNull();
    expect(parseSleepSeconds('soon')).toBeNull();
  });
});

describe('PeriodicSchedules', () => {
  it('measures every seconds / timeFactor, each time with a fresh 24-hex id; clear stops it', () => {
    vi.useFakeTimers();
    try {
      const calls: [string, string][] = [];
      const s = new PeriodicSchedules(1024, (mac, id) => calls.push([mac, id]));
      s.set(DEV, 2048); // 2048 s / 1024 = 2 s
      vi.advanceTimersByTime(1999);
      expect(calls).toHaveLength(0);
      vi.advanceTimersByTime(1);
      vi.advanceTimersByTime(4000);
      expect(calls).toHaveLength(3);
      expect(calls.every(([m, id]) => m === DEV && /^[0-9a-f]{24}$/.test(id))).toBe(true);
      expect(new Set(calls.map((c) => c[1])).size).toBe(3);
      s.set(DEV, 4096); // a new sleep command replaces the period
      vi.advanceTimersByTime(2000);
      expect(calls).toHaveLength(3);
      vi.advanceTimersByTime(2000);
      expect(calls).toHaveLength(4);
      s.clear(DEV);
      vi.advanceTimersByTime(10_000);
      expect(calls).toHaveLength(4);
      expect(s.active()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a non-positive time factor', () => {
    expect(() => new PeriodicSchedules(0, () => {})).toThrow(RangeError);
    expect(selfObjectId()).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('over a broker', () => {
  it(
    'a sensor obeys the sleep command: self-initiated measurements (chunks + done) every period, with the last command’s parameters',
    { timeout: 30_000 },
    async () => {
      const broker = await startTestBroker();
      const plant = await startPlant({
        mqttUrl: broker.url,
        scanIntervalMs: 60_000,
        acquisitionSpeedup: 1000,
        periodicTimeFactor: 4096,
      });
      try {
        const server = await connectRecorder(broker.url, ['prod/gateway/#', 'prod/device/+/measure/+/chunk/+']);
        const cmd = 'ab'.repeat(12);
        await server.client.publishAsync(senseway.topics.measure('prod', GW, DEV, cmd), '2,9,500', { qos: 1 });
        await server.next((m) => m.topic === senseway.topics.measureEvent('prod', GW, DEV, cmd, 'done'));
        const t0 = Date.now();
        await server.client.publishAsync(senseway.scheduleTopics.sleep('prod', GW, DEV), '2048', { qos: 1 }); // 0.5 s at ×4096
        const isSelfDone = (m: { topic: string }) =>
          m.topic.startsWith(`prod/gateway/${GW}/device/${DEV}/measure/`) && m.topic.endsWith('/done') && !m.topic.includes(cmd);
        const first = await server.next(isSelfDone, 5000);
        const second = await server.next(isSelfDone, 5000);
        const elapsed = Date.now() - t0;
        expect(elapsed).toBeGreaterThanOrEqual(900);
        expect(elapsed).toBeLessThan(3000);
        expect(first.topic).not.toBe(second.topic);
        expect(plant.gateways[0].periodicDevices).toEqual([DEV]);
        const id = senseway.parseTopic(first.topic);
        expect(id.kind).toBe('measureEvent');
        const entry = plant.replayLog.find((e) => id.kind === 'measureEvent' && e.id === id.id)!;
        expect(entry.sampleSize).toBe(500);
        expect(entry.rangeIndex).toBe(2);
        await server.client.endAsync();
      } finally {
        await plant.stop();
        await broker.close();
      }
    },
  );

  it('without periodicTimeFactor a sleep command starts no self-initiated measurement', { timeout: 30_000 }, async () => {
    const broker = await startTestBroker();
    const plant = await startPlant({ mqttUrl: broker.url, scanIntervalMs: 60_000, acquisitionSpeedup: 1000 });
    try {
      const server = await connectRecorder(broker.url, ['prod/gateway/#']);
      await server.client.publishAsync(senseway.scheduleTopics.sleep('prod', GW, DEV), '64', { qos: 1 });
      await new Promise((r) => setTimeout(r, 300));
      expect(plant.gateways[0].periodicDevices).toEqual([]);
      expect(plant.replayLog).toHaveLength(0);
      await server.client.endAsync();
    } finally {
      await plant.stop();
      await broker.close();
    }
  });

  it('a trigger publishes its events on <root>/trigger/<MAC>/event, on demand and on a timer', { timeout: 30_000 }, async () => {
    const broker = await startTestBroker();
    const server = await connectRecorder(broker.url, ['prod/trigger/+/event']);
    const trigger = await startSimTrigger({ mqttUrl: broker.url, mac: 'ca:b8:25:00:00:01', intervalMs: 200 });
    try {
      const id = await trigger.fire();
      const m = await server.next((x) => JSON.parse(x.payload.toString()).id === id);
      expect(senseway.parseTriggerTopic(m.topic)).toEqual({ root: 'prod', trigger: 'CA:B8:25:00:00:01' });
      expect(JSON.parse(m.payload.toString())).toMatchObject({ eventType: 'trigger', id });
      await server.next((x) => JSON.parse(x.payload.toString()).id !== id, 2000); // the timer's
      expect(trigger.fired.length).toBeGreaterThanOrEqual(2);
      await expect(startSimTrigger({ mqttUrl: broker.url, mac: 'CA:B8:31:00:00:01' })).rejects.toThrow(RangeError);
    } finally {
      await trigger.stop();
      await server.client.endAsync();
      await broker.close();
    }
  });
});
