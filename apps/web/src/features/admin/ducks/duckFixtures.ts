/** Ducks shaped by the contract, for the tests of this folder (imported by *.test.tsx only). */
import type { DuckItem } from '@overtone/contract';

export const CONFIGURED: DuckItem = {
  _id: 'd1',
  deviceId: 'dev1',
  macAddress: 'CA:B8:DA:00:00:01',
  trigger: null,
  config: {
    voltageReference: 'external',
    sampleSize: 2000,
    samplingRate: 2400,
    sensors: [
      {
        name: 'accelerometer',
        displayName: 'Motor DE',
        groupCode: '1|2|3',
        minMaxVoltage: [-2.5, 2.5],
        minMaxValue: [-50, 50],
        channels: [
          { order: 1, channel: 'accelerometer_x' },
          { order: 2, channel: 'accelerometer_y' },
          { order: 3, channel: 'accelerometer_z' },
        ],
      },
      {
        name: 'current',
        displayName: 'Phase A',
        groupCode: '5',
        minMaxVoltage: [0, 2],
        minMaxValue: [0, 100],
        channels: [{ order: 5, channel: 'current_l1' }],
      },
    ],
  },
  repeatInterval: 7200,
  connectionDate: '2024-05-06T07:08:09.000Z',
};

export const BLANK: DuckItem = {
  _id: 'd2',
  deviceId: 'dev2',
  macAddress: 'CA:B8:DA:00:00:02',
  trigger: null,
  config: { voltageReference: 'internal', sampleSize: 1000, samplingRate: 1200, sensors: [] },
  repeatInterval: null,
  connectionDate: null,
};

export const DUCKS = [CONFIGURED, BLANK];
