import { RISK_BREAKPOINTS } from '@overtone/contract';

/**
 * The colours at the risk breakpoints 0, 70, 85, 90 (contract `RISK_BREAKPOINTS`, spec 000 §4,
 * 001 §9): red, orange, yellow, green: the alarm colours of the health states (ui/health.ts), so a
 * score reads like the tree's colours.
 */
export const RISK_STOPS: readonly { score: number; rgb: readonly [number, number, number] }[] = [
  { score: RISK_BREAKPOINTS[0], rgb: [0xf5, 0x22, 0x2d] },
  { score: RISK_BREAKPOINTS[1], rgb: [0xfa, 0x8c, 0x16] },
  { score: RISK_BREAKPOINTS[2], rgb: [0xd4, 0xb1, 0x06] },
  { score: RISK_BREAKPOINTS[3], rgb: [0x38, 0x9e, 0x0d] },
];

/** Colour of a score without data. */
export const NO_DATA_COLOUR = '#bfbfbf';

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * The risk colour of a health score, linearly interpolated in RGB between the breakpoints
 * (0 red → 70 orange → 85 yellow → 90 and above green).
 * @param score 0–100 (clamped); null or NaN for no data
 * @returns `#rrggbb`; {@link NO_DATA_COLOUR} without a score
 */
export function riskColour(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return NO_DATA_COLOUR;
  const s = Math.min(100, Math.max(0, score));
  const upper = RISK_STOPS.findIndex((stop) => stop.score >= s);
  if (upper <= 0) return toHex(upper === 0 ? RISK_STOPS[0]!.rgb : RISK_STOPS[RISK_STOPS.length - 1]!.rgb);
  const a = RISK_STOPS[upper - 1]!;
  const b = RISK_STOPS[upper]!;
  const f = (s - a.score) / (b.score - a.score);
  return toHex([0, 1, 2].map((i) => a.rgb[i]! + (b.rgb[i]! - a.rgb[i]!) * f) as [number, number, number]);
}

function toHex(rgb: readonly [number, number, number]): string {
  return `#${rgb.map(hex).join('')}`;
}
