import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { edgeAclRules, edgeMayPublish, edgeMaySubscribe, type EdgeIdentity } from './edge-rules.ts';

const GW = 'CA:B8:28:00:00:01';
const DEV = 'CA:B8:31:00:00:02';
const FOREIGN = 'CA:B8:31:00:00:99';
const TRIGGER = 'CA:B8:25:00:00:11';
const ID = '0123456789abcdef01234567';
const gateway: EdgeIdentity = {
  kind: 'GATEWAY',
  mac: GW,
  customerId: 'c1',
  roots: ['prod', 'lake'],
  devices: new Set([DEV]),
  triggers: new Set([TRIGGER]),
};
const trigger: EdgeIdentity = {
  kind: 'TRIGGER',
  mac: TRIGGER,
  customerId: 'c1',
  roots: ['prod'],
  devices: new Set(),
  triggers: new Set(),
};

/** MQTT topic-filter matching (MQTT 3.1.1 §4.7), as Mosquitto applies an ACL pattern to a topic. */
const matches = (pattern: string, topic: string) => {
  const p = pattern.split('/');
  const t = topic.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '#') return true;
    if (i >= t.length || (p[i] !== '+' && p[i] !== t[i])) return false;
  }
  return p.length === t.length;
};
const sendRules = new Map(
  [gateway, trigger].map((id) => [id, edgeAclRules(id).filter((r) => r.acltype === 'publishClientSend')]),
);
const aclAllowsSend = (id: EdgeIdentity, topic: string) => sendRules.get(id)!.some((r) => matches(r.topic, topic));

describe('edgeMayPublish (senseway-gateway.md §3)', () => {
  it.each([
    `prod/gateway/${GW}/scanDevice`,
    `lake/gateway/${GW}/scanDevice`,
    `prod/gateway/${GW}/client/SENSEWAY/version/accepted`,
    `prod/gateway/${GW}/device/${DEV}/measure/${ID}/accepted`,
    `prod/gateway/${GW}/device/${DEV}/measure/${ID}/rejected`,
    `prod/gateway/${GW}/device/${DEV}/measure/${ID}/done`,
    `prod/gateway/${GW}/device/${GW}/measure/${ID}/done`,
    `prod/gateway/${GW}/device/${DEV}/version/accepted`,
    `prod/gateway/${GW}/device/${DEV}/ota/done`,
    `prod/gateway/${GW}/device/${DEV}/config/rejected`,
    `prod/device/${DEV}/measure/${ID}/chunk/0`,
    `prod/device/${DEV}/measure/${ID}/chunk/14`,
    `prod/trigger/${TRIGGER}/event`,
  ])('lets the gateway publish %s', (topic) => {
    expect(edgeMayPublish(gateway, topic)).toBe(true);
    expect(aclAllowsSend(gateway, topic)).toBe(true);
  });

  it.each([
    `prod/gateway/CA:B8:28:00:00:02/scanDevice`,
    `prod/gateway/${GW}/device/${FOREIGN}/measure/${ID}/done`,
    `prod/device/${FOREIGN}/measure/${ID}/chunk/0`,
    `prod/gateway/${GW}/device/${DEV}/measure/${ID}`,
    `prod/gateway/${GW}/device/${DEV}/measure/${ID}/persisted`,
    `prod/gateway/${GW}/device/${DEV}/sleep`,
    `prod/gateway/${GW}/device/${DEV}/ota`,
    `prod/gateway/${GW}/device/${DEV}/config/wlan`,
    `prod/gateway/${GW}/config/wlan`,
    `prod/gateway/${GW}/client/SENSEWAY/version`,
    `prod/trigger/CA:B8:25:00:00:12/event`,
    `test/gateway/${GW}/scanDevice`,
    `$SYS/broker/clients`,
    `prod/device/${DEV}/measure/../chunk/0`,
    `prod/device/${DEV}/measure/${ID}/chunk/-1`,
    `prod/device/${DEV}/measure/${ID}/chunk/123456`,
  ])('refuses the gateway %s', (topic) => {
    expect(edgeMayPublish(gateway, topic)).toBe(false);
  });

  it('lets a trigger publish only its own event', () => {
    expect(edgeMayPublish(trigger, `prod/trigger/${TRIGGER}/event`)).toBe(true);
    expect(edgeMayPublish(trigger, `prod/trigger/CA:B8:25:00:00:12/event`)).toBe(false);
    expect(edgeMayPublish(trigger, `prod/gateway/${TRIGGER}/scanDevice`)).toBe(false);
  });

  it('agrees with the ACL list the external broker gets, for any topic', () => {
    const seg = fc.constantFrom(
      'prod',
      'lake',
      'gateway',
      'device',
      'measure',
      'chunk',
      'trigger',
      'event',
      'scanDevice',
      'done',
      'accepted',
      'persisted',
      'ota',
      'config',
      'wlan',
      'version',
      GW,
      DEV,
      FOREIGN,
      TRIGGER,
      ID,
      '0',
      '7',
      'client',
      'SENSEWAY',
    );
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 8 }), (parts) => {
        const topic = parts.join('/');
        for (const id of [gateway, trigger]) expect(edgeMayPublish(id, topic)).toBe(aclAllowsSend(id, topic));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('edgeMaySubscribe', () => {
  it('allows only filters below the identity’s own prefix', () => {
    expect(edgeMaySubscribe(gateway, `prod/gateway/${GW}/#`)).toBe(true);
    expect(edgeMaySubscribe(gateway, `prod/gateway/${GW}/device/+/measure/+`)).toBe(true);
    for (const f of ['#', 'prod/#', 'prod/gateway/+/#', `prod/gateway/CA:B8:28:00:00:02/#`, '$SYS/#', `prod/device/${DEV}/#`])
      expect(edgeMaySubscribe(gateway, f)).toBe(false);
    expect(edgeMaySubscribe(trigger, `prod/trigger/${TRIGGER}/#`)).toBe(true);
    expect(edgeMaySubscribe(trigger, `prod/gateway/${GW}/#`)).toBe(false);
  });
});
