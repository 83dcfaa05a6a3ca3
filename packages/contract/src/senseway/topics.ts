/**
 * Topic names of the Senseway gateway protocol, generation 1 (shared/protocol/senseway-gateway.md §3).
 * The root is `prod` (or `lake`); MAC addresses are upper-case with colons.
 */
export type SensewayRoot = 'prod' | 'lake';

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
