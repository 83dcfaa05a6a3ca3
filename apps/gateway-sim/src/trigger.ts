/**
 * A simulated trigger device (MAC prefix CA:B8:25, shared/protocol/senseway-gateway.md §9): its own
 * MQTT client that publishes `<root>/trigger/<MAC>/event` with `{"eventType":"trigger","timestamp",
 * "id"}` (our design, §8.4; contract `senseway/schedule.ts`), on demand (`fire()`) and optionally on
 * a timer. The server makes the sensors assigned to it measure (TRIGGERED).
 */
import { randomBytes } from 'node:crypto';
import { DEVICE_MAC_PREFIXES, deviceKindOf, senseway } from '@overtone/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

export interface SimTriggerOptions {
  mqttUrl: string;
  /** upper-case MAC starting with CA:B8:25 */
  mac: string;
  /** topic root; default `prod` */
  root?: senseway.SensewayRoot;
  /** fire every this many ms; default never (only `fire()`) */
  intervalMs?: number;
  mqttOptions?: IClientOptions;
  /** called after each event is published (QoS 1 acknowledged) */
  onFire?: (e: { trigger: string; id: string; timestamp: number }) => void;
}

export interface SimTrigger {
  readonly mac: string;
  /** events fired so far, oldest first (the payloads as sent) */
  readonly fired: { id: string; timestamp: number }[];
  /** Publishes one event (QoS 1). @returns its id */
  fire(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Connects a trigger device and returns it once connected.
 * @throws RangeError when the MAC is not a trigger's (CA:B8:25…)
 */
export async function startSimTrigger(o: SimTriggerOptions): Promise<SimTrigger> {
  const mac = o.mac.toUpperCase();
  if (deviceKindOf(mac) !== 'TRIGGER')
    throw new RangeError(`a trigger MAC starts with ${DEVICE_MAC_PREFIXES.TRIGGER}, got ${mac}`);
  const root = o.root ?? 'prod';
  const client: MqttClient = await mqtt.connectAsync(o.mqttUrl, {
    clientId: `trigger-${mac.replaceAll(':', '').toLowerCase()}`,
    reconnectPeriod: 2000,
    ...o.mqttOptions,
  });
  const fired: { id: string; timestamp: number }[] = [];
  const fire = async () => {
    const event = { eventType: 'trigger', timestamp: Date.now(), id: randomBytes(8).toString('hex') };
    await client.publishAsync(senseway.scheduleTopics.triggerEvent(root, mac), JSON.stringify(event), { qos: 1 });
    fired.push({ id: event.id, timestamp: event.timestamp });
    o.onFire?.({ trigger: mac, id: event.id, timestamp: event.timestamp });
    return event.id;
  };
  const timer = o.intervalMs ? setInterval(() => void fire().catch(() => undefined), o.intervalMs) : null;
  return {
    mac,
    fired,
    fire,
    async stop() {
      if (timer) clearInterval(timer);
      await client.endAsync(!client.connected);
    },
  };
}
