import { describe, expect, it } from 'vitest';
import { DUCK_SENSOR_TYPES, duckSensorTypeOf } from './ducks.ts';
import { BUILT_IN_TELEMETRY, DEVICE_TELEMETRY, telemetryKindOf } from './telemetry-definitions.ts';

describe('Duck sensor type units (spec 002 §9 "Sensor channels")', () => {
  it('are SI / trade units, g in lower case, never the spec’s catch-all "G"', () => {
    expect(Object.fromEntries(DUCK_SENSOR_TYPES.map((s) => [s.name, s.unit]))).toEqual({
      accelerometer: 'g',
      current: 'A',
      voltage: 'V',
      temperature: '°C',
      pressure: 'bar',
      tachometer: 'RPM',
      humidity: '%RH',
      angle: '°',
      distance: 'mm',
    });
    expect(duckSensorTypeOf('temperature')?.unit).toBe('°C');
  });
});

describe('telemetry kinds (spec 002 §9 "Telemetry kinds")', () => {
  it('define every device kind the spec lists with its unit', () => {
    expect(Object.fromEntries(DEVICE_TELEMETRY.map((t) => [t.name, t.unit]))).toEqual({
      TEMPERATURE: '°C',
      PRESSURE: 'bar',
      HUMIDITY: '%RH',
      DISTANCE: 'mm',
      ANGLE: '°',
      PITCH: '°',
      ROLL: '°',
      RPM: 'RPM',
      BATTERY_VOLTAGE: 'V',
      CURRENT_L1: 'A',
      CURRENT_L2: 'A',
      CURRENT_L3: 'A',
      VOLTAGE_L1: 'V',
      VOLTAGE_L2: 'V',
      VOLTAGE_L3: 'V',
    });
  });

  it('keep the device kinds apart from the computed built-ins, and find either by code', () => {
    const builtIn = new Set<string>(BUILT_IN_TELEMETRY.map((t) => t.name));
    expect(DEVICE_TELEMETRY.filter((t) => builtIn.has(t.name))).toEqual([]);
    expect(telemetryKindOf('GRMS')).toMatchObject({ unit: 'g' });
    expect(telemetryKindOf('current_l2')).toEqual({ name: 'CURRENT_L2', displayName: 'Current L2', unit: 'A' });
    expect(telemetryKindOf('BEARING_TEMP')).toBeUndefined();
  });
});
