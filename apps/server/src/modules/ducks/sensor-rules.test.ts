import { describe, expect, it } from 'vitest';
import type { DuckConfig } from '@overtone/contract';
import { addedSensors } from './sensor-rules.ts';

const s = (name: 'accelerometer' | 'current', displayName: string = name): DuckConfig['sensors'][number] => ({
  name,
  displayName,
  minMaxVoltage: [0, 2],
  minMaxValue: [0, 20],
  channels: [],
});
const cfg = (...sensors: DuckConfig['sensors']): DuckConfig => ({
  voltageReference: 'external',
  sampleSize: 1000,
  samplingRate: 1200,
  sensors,
});

describe('addedSensors', () => {
  it('names the sensors beyond the saved count of each type', () => {
    expect(addedSensors(cfg(s('accelerometer')), cfg(s('accelerometer'), s('current')))).toEqual(['current']);
    expect(addedSensors(cfg(s('current')), cfg(s('current', 'L1'), s('current', 'L2')))).toEqual(['current']);
    expect(addedSensors(cfg(), cfg(s('accelerometer')))).toEqual(['accelerometer']);
  });

  it('finds none when sensors are renamed, reordered or removed', () => {
    expect(addedSensors(cfg(s('accelerometer'), s('current')), cfg(s('current', 'L1'), s('accelerometer', 'DE')))).toEqual([]);
    expect(addedSensors(cfg(s('accelerometer'), s('current')), cfg(s('current')))).toEqual([]);
    expect(addedSensors(cfg(s('accelerometer'), s('current')), cfg(s('accelerometer'), s('accelerometer')))).toEqual([
      'accelerometer',
    ]);
  });
});
