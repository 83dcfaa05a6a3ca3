import { describe, expect, it } from 'vitest';
import {
  channelsTakenByOthers,
  checkDuckConfig,
  duckFormValues,
  groupCodeOf,
  toggleChannel,
  type DuckFormValues,
} from './duckConfigForm';
import { CONFIGURED } from './duckFixtures';

const values = (patch: (v: DuckFormValues) => void) => {
  const v = duckFormValues(CONFIGURED);
  patch(v);
  return v;
};
const messagesOf = (v: DuckFormValues) => checkDuckConfig(v).issues.map((i) => `${i.field.join('.')}: ${i.message}`);

describe('checkDuckConfig (the contract rules, spec 002 §4, §5)', () => {
  it('accepts a saved configuration as it is', () => {
    const r = checkDuckConfig(duckFormValues(CONFIGURED));
    expect(r.issues).toEqual([]);
    expect(r.config?.sensors[0].channels.map((c) => c.order)).toEqual([1, 2, 3]);
  });

  it('sample size 100 … 20000 and a listed sampling rate', () => {
    expect(messagesOf(values((v) => (v.sampleSize = 99)))).toEqual(['sampleSize: duckSampleSizeRange']);
    expect(messagesOf(values((v) => (v.sampleSize = 20001)))).toEqual(['sampleSize: duckSampleSizeRange']);
    expect(messagesOf(values((v) => (v.sampleSize = 100)))).toEqual([]);
    expect(messagesOf(values((v) => (v.sampleSize = null)))).toEqual(['sampleSize: duckRequired']);
    expect(messagesOf(values((v) => (v.samplingRate = 1000)))).toEqual(['samplingRate: duckSamplingRate']);
  });

  it('min below max for both ranges, voltages within ± the reference', () => {
    expect(messagesOf(values((v) => (v.sensors![1].minMaxValue = [100, 100])))).toEqual([
      'sensors.1.minMaxValue: duckInvalidRange',
    ]);
    expect(messagesOf(values((v) => (v.sensors![1].minMaxVoltage = [1, null])))).toEqual([
      'sensors.1.minMaxVoltage: duckInvalidRange',
    ]);
    // ±2.5 V is fine with the external reference, not with the internal ±2.4 V
    expect(messagesOf(values((v) => (v.voltageReference = 'internal')))).toEqual([
      'sensors.0.minMaxVoltage: duckVoltageOutsideReference',
    ]);
  });

  it('a channel belongs to one sensor; name, display name and a channel are required', () => {
    expect(messagesOf(values((v) => (v.sensors![1].channels = [{ order: 2, channel: 'current_l1' }])))).toEqual([
      'sensors.1.channels: duckChannelTaken',
    ]);
    expect(
      messagesOf(
        values((v) => {
          v.sensors![1].channels = [];
          v.sensors![1].displayName = ' ';
        }),
      ),
    ).toEqual(['sensors.1.displayName: duckRequired', 'sensors.1.channels: duckAtLeastOneChannel']);
  });
});

describe('channel selection (spec 002 §4)', () => {
  it('selecting appends the next free code of the type, deselecting frees it, never beyond the type', () => {
    let ch = toggleChannel([], 4, 'angle');
    ch = toggleChannel(ch, 2, 'angle');
    expect(ch).toEqual([
      { order: 4, channel: 'angle_x' },
      { order: 2, channel: 'angle_y' },
    ]);
    expect(groupCodeOf(ch)).toBe('4|2');
    expect(toggleChannel(ch, 7, 'angle')).toBe(ch); // angle has two channels
    expect(toggleChannel(ch, 4, 'angle')).toEqual([{ order: 2, channel: 'angle_y' }]);
    expect(toggleChannel([], 1, undefined)).toEqual([]);
  });

  it('knows the channels the other sensors hold', () => {
    const { sensors } = duckFormValues(CONFIGURED);
    expect([...channelsTakenByOthers(sensors, 1)].sort()).toEqual([1, 2, 3]);
    expect([...channelsTakenByOthers(sensors, 0)]).toEqual([5]);
  });
});
