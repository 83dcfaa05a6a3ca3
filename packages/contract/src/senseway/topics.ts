/**
 * Topic names of the Senseway gateway protocol, generation 1 (shared/protocol/senseway-gateway.md §3).
 * The root is `prod` (or `lake`); MAC addresses are upper-case with colons.
 */
import { isMac, isObjectId, MAX_CHUNK_COUNT, MAX_TOPIC_LENGTH } from './limits.ts';

export type SensewayRoot = 'prod' | 'lake';
/** A stored root (`gateways.root`, a text column) as a topic root: `lake` stays, anything else is `prod`. */
export const sensewayRootOf = (stored: string | null | undefined): SensewayRoot => (stored === 'lake' ? 'lake' : 'prod');

export const topics = {
  /** G→S scan report, about once a minute (row 1). */
  scan: (root: SensewayRoot, gw: string) => `${root}/gateway/${gw}/scanDevice`,
  /** S→G measure command `<range>,<rate>,<size>` (row 7). */
  measure: (root: SensewayRoot, gw: string, dev: string, id: string) => `${root}/gateway/${gw}/device/${dev}/measure/${id}`,
  /** G→S replies and our own `persisted` event below the measure topic (rows 8, 9, 11). */
  measureEvent: (root: SensewayRoot, gw: string, dev: string, id: string, event: string) =>
    `${root}/gateway/${gw}/device/${dev}/measure/${id}/${event}`,
  /** G→S binary chunk; note the root has no gateway segment (row 10). */
  chunk: (root: SensewayRoot, dev: string, id: string, index: number) => `${root}/device/${dev}/measure/${id}/chunk/${index}`,
  /** Browser live subscription for one device (spec 000 §7). */
  liveFilter: (root: SensewayRoot, gw: string, dev: string) => `${root}/gateway/${gw}/device/${dev}/measure/+/+`,
  /** Server subscriptions (checklist §17.1). */
  serverFilters: (root: SensewayRoot) => [`${root}/gateway/#`, `${root}/device/+/measure/+/chunk/+`],
};

export type ParsedTopic =
  | { kind: 'scan'; root: SensewayRoot; gateway: string }
  | { kind: 'measureCommand'; root: SensewayRoot; gateway: string; device: string; id: string }
  | { kind: 'measureEvent'; root: SensewayRoot; gateway: string; device: string; id: string; event: string }
  | { kind: 'chunk'; root: SensewayRoot; device: string; id: string; index: number }
  | { kind: 'other' };

/** Parses a generation-1 topic into its parts; anything unknown is `{kind: 'other'}`. */
export function parseTopic(topic: string): ParsedTopic {
  const p = topic.split('/');
  const root = p[0];
  if (root !== 'prod' && root !== 'lake') return { kind: 'other' };
  if (p[1] === 'gateway' && p.length === 4 && p[3] === 'scanDevice') return { kind: 'scan', root, gateway: p[2].toUpperCase() };
  if (p[1] === 'gateway' && p[3] === 'device' && p[5] === 'measure') {
    if (p.length === 7)
      return { kind: 'measureCommand', root, gateway: p[2].toUpperCase(), device: p[4].toUpperCase(), id: p[6] };
    if (p.length === 8)
      return { kind: 'measureEvent', root, gateway: p[2].toUpperCase(), device: p[4].toUpperCase(), id: p[6], event: p[7] };
  }
  if (p[1] === 'device' && p[3] === 'measure' && p[5] === 'chunk' && p.length === 7 && /^\d+$/.test(p[6]))
    return { kind: 'chunk', root, device: p[2].toUpperCase(), id: p[4], index: Number(p[6]) };
  return { kind: 'other' };
}

/** Reply and event words the server reads below a measure topic (§3 rows 8, 9, 11; our `persisted`). */
export const MEASURE_EVENTS = ['accepted', 'rejected', 'done', 'persisted'] as const;

/** A topic that names something the server would act on, but with a part outside the protocol. */
export type TopicRejection = { kind: 'invalid'; reason: string; gateway: string | null; device: string | null };

/**
 * `parseTopic` with every segment checked before it can name a file, a row or a loop (limits.ts):
 * the topic at most 256 characters; gateway and device MACs six hex pairs (upper-cased, §2); object
 * ids 1–64 of `[0-9A-Za-z_-]`; chunk indices 0 … 8 191 in at most 4 digits without a sign; measure
 * events one of {@link MEASURE_EVENTS}. A topic of another shape stays `{kind: 'other'}` (ignored,
 * like our own commands the server also receives, checklist §17.1).
 * @returns the parsed topic, or `invalid` with the reason and the MACs that were well-formed
 */
export function parseTopicStrict(topic: string): ParsedTopic | TopicRejection {
  const macOr = (s: string | undefined) => (s !== undefined && isMac(s.toUpperCase()) ? s.toUpperCase() : null);
  if (topic.length > MAX_TOPIC_LENGTH)
    return { kind: 'invalid', reason: `TOPIC_TOO_LONG ${topic.length}`, gateway: null, device: null };
  const t = parseTopic(topic);
  const p = topic.split('/');
  const bad = (reason: string, gateway: string | null, device: string | null): TopicRejection => ({
    kind: 'invalid',
    reason,
    gateway,
    device,
  });
  switch (t.kind) {
    case 'scan':
      return macOr(p[2]) ? t : bad('GATEWAY_MAC', null, null);
    case 'measureCommand':
    case 'measureEvent': {
      const gw = macOr(p[2]);
      const dev = macOr(p[4]);
      if (!gw) return bad('GATEWAY_MAC', null, dev);
      if (!dev) return bad('DEVICE_MAC', gw, null);
      if (!isObjectId(t.id)) return bad('OBJECT_ID', gw, dev);
      if (t.kind === 'measureEvent' && !(MEASURE_EVENTS as readonly string[]).includes(t.event)) return { kind: 'other' }; // another reply (e.g. `ota/…` shapes) the server does not read
      return t;
    }
    case 'chunk': {
      const dev = macOr(p[2]);
      if (!dev) return bad('DEVICE_MAC', null, null);
      if (!isObjectId(t.id)) return bad('OBJECT_ID', null, dev);
      if (!/^\d{1,4}$/.test(p[6]) || t.index >= MAX_CHUNK_COUNT) return bad(`CHUNK_INDEX ${p[6].slice(0, 12)}`, null, dev);
      return t;
    }
    default:
      // a chunk topic whose index is not a number, which parseTopic leaves as `other`
      if ((p[0] === 'prod' || p[0] === 'lake') && p[1] === 'device' && p[3] === 'measure' && p[5] === 'chunk')
        return bad(`CHUNK_INDEX ${String(p[6]).slice(0, 12)}`, null, macOr(p[2]));
      return t;
  }
}
