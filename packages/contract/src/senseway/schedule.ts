/**
 * Sleep command and trigger events (shared/protocol/senseway-gateway.md §8).
 *
 * - Sleep (§3 row 16, §8.1): S→G `<root>/gateway/<GW>/device/<DEV>/sleep`, decimal seconds, a power
 *   of two. No acknowledgement.
 * - Trigger event (§8.4 documents none; this is our design): a trigger device (MAC prefix CA:B8:25)
 *   is its own MQTT client (it has its own WLAN configuration) and publishes
 *   `<root>/trigger/<TRIGGER>/event` with JSON `{"eventType":"trigger","timestamp":<unix s>}`.
 *   The server answers by sending a measure command to each sensor assigned to the trigger.
 */
import type { SensewayRoot } from './topics.ts';

export const scheduleTopics = {
  /** S→G sleep command (row 16): payload decimal seconds. */
  sleep: (root: SensewayRoot, gw: string, dev: string) => `${root}/gateway/${gw}/device/${dev}/sleep`,
  /** Trigger → server event. */
  triggerEvent: (root: SensewayRoot, trigger: string) => `${root}/trigger/${trigger}/event`,
  /** Server subscription for every trigger's events. */
  triggerFilter: (root: SensewayRoot) => `${root}/trigger/+/event`,
};

/** Parses `<root>/trigger/<MAC>/event`; null for any other topic. */
export function parseTriggerTopic(topic: string): { root: SensewayRoot; trigger: string } | null {
  const p = topic.split('/');
  if (p.length !== 4 || (p[0] !== 'prod' && p[0] !== 'lake') || p[1] !== 'trigger' || p[3] !== 'event') return null;
  return { root: p[0], trigger: p[2].toUpperCase() };
}

/** Parses `<root>/gateway/<GW>/device/<DEV>/sleep`; null for any other topic. */
export function parseSleepTopic(topic: string): { root: SensewayRoot; gateway: string; device: string } | null {
  const p = topic.split('/');
  if (p.length !== 6 || (p[0] !== 'prod' && p[0] !== 'lake') || p[1] !== 'gateway' || p[3] !== 'device' || p[5] !== 'sleep')
    return null;
  return { root: p[0], gateway: p[2].toUpperCase(), device: p[4].toUpperCase() };
}
