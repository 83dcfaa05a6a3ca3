import {
  DUCK_VOLTAGE_REFERENCES,
  duckConfig,
  duckGroupCode,
  duckSensorTypeOf,
  type DuckConfig,
  type DuckItem,
} from '@overtone/contract';

/** One channel of a sensor in the form: input order 1 … 8 and the type's channel code. */
export interface ChannelValue {
  order: number;
  channel: string;
}

/** A sensor as the dialog edits it; ranges may be half-filled while typing. */
export interface SensorFormValue {
  name?: string;
  displayName?: string;
  minMaxVoltage?: [number | null, number | null];
  minMaxValue?: [number | null, number | null];
  channels?: ChannelValue[];
}

/** Values of the Duck configuration dialog. */
export interface DuckFormValues {
  voltageReference?: DuckConfig['voltageReference'];
  sampleSize?: number | null;
  samplingRate?: number | null;
  sensors?: SensorFormValue[];
}

/** Form values of a Duck's saved configuration. */
export function duckFormValues(duck: DuckItem): DuckFormValues {
  const { voltageReference, sampleSize, samplingRate, sensors } = duck.config;
  return {
    voltageReference,
    sampleSize,
    samplingRate,
    sensors: sensors.map((s) => ({
      name: s.name,
      displayName: s.displayName,
      minMaxVoltage: [...s.minMaxVoltage],
      minMaxValue: [...s.minMaxValue],
      channels: s.channels.map((c) => ({ ...c })),
    })),
  };
}

/** A new sensor: no type, no channels, the full span of the reference. */
export function newSensor(voltageReference: DuckConfig['voltageReference'] = 'external'): SensorFormValue {
  const v = DUCK_VOLTAGE_REFERENCES[voltageReference];
  return { name: undefined, displayName: '', minMaxVoltage: [-v, v], minMaxValue: [null, null], channels: [] };
}

/** The form values as the `PUT /ducks/{id}/config` body's `config` would carry them (unvalidated). */
export function configOf(v: DuckFormValues): unknown {
  return {
    voltageReference: v.voltageReference,
    sampleSize: v.sampleSize ?? undefined,
    samplingRate: v.samplingRate ?? undefined,
    sensors: (v.sensors ?? []).map((s) => ({
      name: s.name,
      displayName: s.displayName ?? '',
      minMaxVoltage: s.minMaxVoltage ?? [null, null],
      minMaxValue: s.minMaxValue ?? [null, null],
      channels: s.channels ?? [],
    })),
  };
}

/** A problem of the configuration: the form field it belongs to and the contract's message key. */
export interface ConfigIssue {
  /** form field path: `['sampleSize']`, `['sensors', 0, 'minMaxVoltage']`, `['sensors', 1, 'channels']` … */
  field: (string | number)[];
  /** message key of the contract, e.g. `duckInvalidRange`; translated as `ducks:validation.<key>` */
  message: string;
}

/**
 * Checks the form values with the contract's rules (`duckConfig` of packages/contract: ranges,
 * min < max, voltages within ± the reference, channel ownership, channel codes), the same rules
 * the server applies. Issues deeper than a form field (a channel of a sensor) belong to its field.
 * @returns the valid config, or the issues (never both)
 */
export function checkDuckConfig(v: DuckFormValues): { config: DuckConfig; issues: [] } | { config: null; issues: ConfigIssue[] } {
  const r = duckConfig.safeParse(configOf(v));
  if (r.success) return { config: r.data, issues: [] };
  const issues = r.error.issues.map((i) => ({
    field: (i.path[0] === 'sensors' ? i.path.slice(0, 3) : i.path.slice(0, 1)) as (string | number)[],
    message: i.message,
  }));
  return { config: null, issues };
}

/** The issues of one form field. */
export const issuesAt = (issues: ConfigIssue[], field: (string | number)[]) =>
  issues.filter((i) => i.field.length === field.length && i.field.every((p, k) => p === field[k]));

/** Channel orders the other sensors hold (a channel belongs to one sensor only, spec 002 §4). */
export function channelsTakenByOthers(sensors: SensorFormValue[] | undefined, index: number): Set<number> {
  return new Set((sensors ?? []).flatMap((s, i) => (i === index ? [] : (s?.channels ?? []).map((c) => c.order))));
}

/**
 * Toggles input `order` in a sensor's channels (spec 002 §4): selecting appends it with the first
 * channel code of the type not yet used; deselecting frees it. A sensor takes at most its type's
 * channel count; beyond it the selection is unchanged.
 */
export function toggleChannel(channels: ChannelValue[], order: number, typeName: string | undefined): ChannelValue[] {
  if (channels.some((c) => c.order === order)) return channels.filter((c) => c.order !== order);
  const codes: readonly string[] = duckSensorTypeOf(typeName ?? '')?.channels ?? [];
  const free = codes.find((code) => !channels.some((c) => c.channel === code));
  if (!free) return channels;
  return [...channels, { order, channel: free }];
}

/** `groupCode` of the channels (orders joined by '|' in selection order), '' when none. */
export const groupCodeOf = (channels: ChannelValue[] | undefined) => duckGroupCode(channels ?? []);
