import type { GatewayStatus, RoutingLookup } from '@overtone/contract';

export type RoutingEntry = RoutingLookup['data']['data'][number];

/** Tag type of a gateway status as the spec names it (spec 000 §4 "Gateway status"). */
export type StatusTagType = 'info' | 'success' | 'warning' | 'default';

/** unknown → info, measuring → success, sleeping → warning, ready and connected → default. */
export function statusTagType(status: GatewayStatus): StatusTagType {
  switch (status) {
    case 'measuring':
      return 'success';
    case 'sleeping':
      return 'warning';
    case 'ready':
    case 'connected':
      return 'default';
    case 'unknown':
      return 'info';
  }
}

/** Ant Design Tag colour of each spec tag type: info is neutral grey, default the primary blue. */
export const TAG_COLORS: Record<StatusTagType, string> = {
  info: 'default',
  success: 'success',
  warning: 'warning',
  default: 'processing',
};

/** The Measure button is enabled only when the gateway reports ready or connected (spec 000 §4). */
export const canMeasure = (status: GatewayStatus | undefined): boolean => status === 'ready' || status === 'connected';

export type SignalQuality = 'excellent' | 'good' | 'fair' | 'poor' | 'unknown';

/**
 * Signal quality from the received signal strength (spec 000 §4, §9).
 * @param rssiDbm RSSI in dBm (negative), or null when the gateway did not report it
 * @returns excellent at -55 dBm or above; good from -65 to below -55; fair from -80 to below -65; otherwise poor
 */
export function signalQuality(rssiDbm: number | null | undefined): SignalQuality {
  if (rssiDbm === null || rssiDbm === undefined || !Number.isFinite(rssiDbm)) return 'unknown';
  if (rssiDbm >= -55) return 'excellent';
  if (rssiDbm >= -65) return 'good';
  if (rssiDbm >= -80) return 'fair';
  return 'poor';
}

export type BatteryLevel = 'good' | 'level1' | 'level2' | 'level3';

/**
 * Battery level of a sensor from its voltage (spec 000 §4).
 * @param volts battery voltage in V
 * @returns below 3.1 V level3; up to 3.2 V level2; up to 3.4 V level1; otherwise good
 */
export function batteryLevel(volts: number): BatteryLevel {
  if (volts < 3.1) return 'level3';
  if (volts <= 3.2) return 'level2';
  if (volts <= 3.4) return 'level1';
  return 'good';
}

/**
 * Ant Design Tag colour of a battery level (spec 000 §4): good green, level 1 blue, level 2 orange,
 * level 3 (replace) red. The one table for every battery tag (point connectivity, condition control).
 */
export const BATTERY_TAG_COLORS: Record<BatteryLevel, string> = {
  good: 'success',
  level1: 'processing',
  level2: 'warning',
  level3: 'error',
};

/** The most recent scan among the gateways that see the device (by `scannedAt`); undefined when none. */
export function latestRoutingEntry(entries: readonly RoutingEntry[]): RoutingEntry | undefined {
  let best: RoutingEntry | undefined;
  let bestTime = -Infinity;
  for (const e of entries) {
    const time = Date.parse(e.scannedAt);
    const t = Number.isNaN(time) ? -Infinity : time;
    if (!best || t > bestTime) {
      best = e;
      bestTime = t;
    }
  }
  return best;
}
