import type { MeasurementDetail } from '@overtone/contract';

/**
 * A persisted four-sample measurement of a Senseway sensor on point `p1` (x axis only, no
 * telemetry, no tags): the base of test fixtures, which override what they need.
 * @param m the fields to set
 */
export const blankMeasurement = (m: Partial<MeasurementDetail> = {}): MeasurementDetail => ({
  _id: 'a0000000000000000000000a',
  createdAt: '2024-05-01T10:00:00.000Z',
  user: null,
  point: { _id: 'p1', name: 'Motor', path: ['Plant', 'Motor'] },
  gateway: 'CA:B8:28:00:00:01',
  measurementType: 'MANUAL',
  macAddress: 'CA:B8:31:00:00:02',
  favorite: false,
  tags: [],
  upload: false,
  partial: false,
  error: null,
  state: 'persisted',
  note: '',
  device: { type: 'SENSEWAY' },
  calibratedSamplingRate: 25600,
  startedAt: null,
  profile: { sampleSize: 4096, samplingRate: 8, accelerometerRange: { index: 2, value: 4 } },
  measurementData: [{ key: 'accelerometer_x', unit: 'g' }],
  data: { accelerometer_x: [0, 1, 0, -1] },
  telemetry: [],
  ...m,
});
