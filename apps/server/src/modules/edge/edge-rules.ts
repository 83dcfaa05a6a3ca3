/**
 * Deny-by-default topic rules of the device edge (docs/security.md "The device edge"): what one
 * authenticated gateway or trigger may publish and subscribe to on the broker. Pure functions of the
 * identity and the topic, used by the embedded broker for every PUBLISH and SUBSCRIBE, and turned
 * into the same rules for Mosquitto's dynamic-security plugin by {@link edgeAclRules}, so both brokers
 * enforce one policy.
 *
 * Topics are those of the Senseway protocol, generation 1 (shared/protocol/senseway-gateway.md §3)
 * plus the trigger event of our design (packages/contract/src/senseway/schedule.ts):
 * - a gateway publishes only replies on its own gateway topics (scan, version, measure, OTA and
 *   config answers), chunks of its customer's devices, and events of its customer's triggers; never a
 *   command (`measure/<id>`, `sleep`, `version`, `ota`, `config/wlan`: only the server sends those);
 * - a gateway subscribes only below its own `<root>/gateway/<GW>/`;
 * - a trigger publishes only its own `<root>/trigger/<MAC>/event` and subscribes below `<root>/trigger/<MAC>/`;
 * - nobody but the server touches `$SYS` or `$CONTROL`.
 * "Its customer's devices through it": devices registered to the gateway's customer whose gateway is
 * this one or unset (docs/devices.md), and the gateway's own MAC (a Duck is its own gateway).
 */

/** An authenticated edge client: its MAC (the MQTT username) and what it may speak for. */
export interface EdgeIdentity {
  kind: 'GATEWAY' | 'TRIGGER';
  /** upper-case MAC, the MQTT username */
  mac: string;
  customerId: string;
  /** topic roots it may use (`prod`, `lake`) */
  roots: readonly string[];
  /** upper-case MACs of the devices it may speak for (gateways only; empty for triggers) */
  devices: ReadonlySet<string>;
  /** upper-case MACs of its customer's triggers whose events it may relay (gateways only) */
  triggers: ReadonlySet<string>;
}

const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;
/** An object id as a topic segment (senseway-gateway.md §2: 24 hex digits; 1–64 safe characters tolerated). */
const OBJECT_ID = /^[0-9A-Za-z_-]{1,64}$/;
const CHUNK_INDEX = /^(0|[1-9]\d{0,4})$/;

const REPLY = new Set(['accepted', 'rejected']);
const MEASURE_REPLY = new Set(['accepted', 'rejected', 'done']);
const OTA_REPLY = new Set(['accepted', 'rejected', 'done']);

/** True when the client may speak for this device (its own MAC or one of its devices). */
const speaksFor = (id: EdgeIdentity, dev: string) => dev === id.mac || id.devices.has(dev);

/**
 * May this edge client publish on `topic`?
 * @param id the authenticated identity
 * @param topic the PUBLISH topic (no wildcards: a topic with `+` or `#` is refused)
 * @returns true only for the topics listed in the module comment
 */
export function edgeMayPublish(id: EdgeIdentity, topic: string): boolean {
  if (topic.includes('+') || topic.includes('#') || topic.includes('\0')) return false;
  const p = topic.split('/');
  if (!id.roots.includes(p[0])) return false;
  if (id.kind === 'TRIGGER') return p.length === 4 && p[1] === 'trigger' && p[2] === id.mac && p[3] === 'event';
  // <root>/trigger/<T>/event relayed for one of the customer's triggers
  if (p[1] === 'trigger') return p.length === 4 && id.triggers.has(p[2]) && p[3] === 'event';
  // <root>/device/<DEV>/measure/<ID>/chunk/<N>
  if (p[1] === 'device')
    return (
      p.length === 7 &&
      speaksFor(id, p[2]) &&
      p[3] === 'measure' &&
      OBJECT_ID.test(p[4]) &&
      p[5] === 'chunk' &&
      CHUNK_INDEX.test(p[6])
    );
  if (p[1] !== 'gateway' || p[2] !== id.mac) return false;
  // <root>/gateway/<GW>/scanDevice
  if (p.length === 4) return p[3] === 'scanDevice';
  // <root>/gateway/<GW>/client/SENSEWAY/version/<reply>
  if (p[3] === 'client') return p.length === 7 && p[4] === 'SENSEWAY' && p[5] === 'version' && REPLY.has(p[6]);
  if (p[3] !== 'device' || p.length < 7 || !MAC.test(p[4]) || !speaksFor(id, p[4])) return false;
  // <root>/gateway/<GW>/device/<DEV>/measure/<ID>/<reply>
  if (p[5] === 'measure') return p.length === 8 && OBJECT_ID.test(p[6]) && MEASURE_REPLY.has(p[7]);
  if (p.length !== 7) return false;
  if (p[5] === 'version' || p[5] === 'config') return REPLY.has(p[6]);
  if (p[5] === 'ota') return OTA_REPLY.has(p[6]);
  return false;
}

/**
 * May this edge client subscribe to `filter`? Only filters that stay below its own prefix
 * (`<root>/gateway/<GW>/…` for a gateway, `<root>/trigger/<MAC>/…` for a trigger): a wildcard may
 * appear only after that prefix.
 */
export function edgeMaySubscribe(id: EdgeIdentity, filter: string): boolean {
  if (filter.includes('\0') || filter.startsWith('$')) return false;
  const p = filter.split('/');
  if (p.length < 4 || !id.roots.includes(p[0])) return false;
  const own = id.kind === 'TRIGGER' ? 'trigger' : 'gateway';
  return p[1] === own && p[2] === id.mac;
}

/** One rule of Mosquitto's dynamic-security plugin (mosquitto.org/documentation/dynamic-security, "ACLs"). */
export interface DynsecAcl {
  acltype: 'publishClientSend' | 'publishClientReceive' | 'subscribePattern';
  topic: string;
  allow: true;
}

/**
 * The same policy as {@link edgeMayPublish} / {@link edgeMaySubscribe}, as dynamic-security ACLs for
 * a role of this identity alone. The plugin's default ACL access must deny (publishClientSend,
 * subscribe) so that only these rules open anything. A gateway's list grows with its customer's
 * devices: 12 rules per device and root.
 * @returns the ACLs, in a stable order (so a re-sync that changes nothing can be detected)
 */
export function edgeAclRules(id: EdgeIdentity): DynsecAcl[] {
  const out: DynsecAcl[] = [];
  const send = (topic: string) => out.push({ acltype: 'publishClientSend', topic, allow: true });
  for (const root of id.roots) {
    if (id.kind === 'TRIGGER') {
      send(`${root}/trigger/${id.mac}/event`);
      out.push({ acltype: 'subscribePattern', topic: `${root}/trigger/${id.mac}/#`, allow: true });
      out.push({ acltype: 'publishClientReceive', topic: `${root}/trigger/${id.mac}/#`, allow: true });
      continue;
    }
    const gw = `${root}/gateway/${id.mac}`;
    send(`${gw}/scanDevice`);
    for (const r of REPLY) send(`${gw}/client/SENSEWAY/version/${r}`);
    for (const dev of [id.mac, ...[...id.devices].filter((d) => d !== id.mac).sort()]) {
      for (const r of MEASURE_REPLY) send(`${gw}/device/${dev}/measure/+/${r}`);
      for (const r of REPLY) send(`${gw}/device/${dev}/version/${r}`);
      for (const r of REPLY) send(`${gw}/device/${dev}/config/${r}`);
      for (const r of OTA_REPLY) send(`${gw}/device/${dev}/ota/${r}`);
      send(`${root}/device/${dev}/measure/+/chunk/+`);
    }
    for (const t of [...id.triggers].sort()) send(`${root}/trigger/${t}/event`);
    out.push({ acltype: 'subscribePattern', topic: `${gw}/#`, allow: true });
    out.push({ acltype: 'publishClientReceive', topic: `${gw}/#`, allow: true });
  }
  return out;
}
