import { AXIS_KEYS, DEVICE_TELEMETRY } from '@overtone/contract';
import type { senseway } from '@overtone/contract';

type DonePayload = senseway.DonePayload;

/**
 * Units of the legacy firmware's TELEMETRY names (senseway-gateway.md §6.3) and of the telemetry
 * kinds a device reports (contract DEVICE_TELEMETRY: temperature °C, pressure bar, … spec 002 §9).
 */
const DEVICE_UNITS: Record<string, string> = {
  GRMS: 'g',
  PEAK: 'g',
  PEAK_TO_PEAK: 'g',
  SUM: 'g',
  VRMS: 'mm/s',
  ...Object.fromEntries(DEVICE_TELEMETRY.map((t) => [t.name, t.unit])),
};

/**
 * Flattens a `done` TELEMETRY list into rows: `[x, y, z]` values onto the axis keys, scalars onto
 * the source `device`. These are kept as device-reported, next to our own computed telemetry.
 */
export function deviceTelemetryRows(telemetry: DonePayload['TELEMETRY']) {
  const rows: { telemetry: string; source: string; value: number; unit: string }[] = [];
  for (const t of telemetry) {
    const name = t.NAME.toUpperCase();
    const unit = DEVICE_UNITS[name] ?? '';
    if (Array.isArray(t.VALUE)) {
      t.VALUE.slice(0, 3).forEach(
        (v, i) => Number.isFinite(v) && rows.push({ telemetry: name, source: AXIS_KEYS[i], value: v, unit }),
      );
    } else if (Number.isFinite(t.VALUE)) rows.push({ telemetry: name, source: 'device', value: t.VALUE, unit });
  }
  return rows;
}
