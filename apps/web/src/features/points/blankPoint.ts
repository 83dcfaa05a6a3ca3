import { emptyPointFormExtras, type Point } from '@overtone/contract';

/**
 * A point record with every optional field empty (no bearing, no drive train, no device, axes as
 * mounted): the base of the share-link placeholder and of test fixtures, which override what they
 * need.
 * @param p the point's identity and anything else to set
 */
export const blankPoint = (p: Pick<Point, '_id' | 'name' | 'path'> & Partial<Point>): Point => ({
  tagCode: '',
  parent: '',
  type: [],
  favoriteTelemetry: null,
  referenceFrequency: 0,
  referenceFrequencyVariable: false,
  bearingBrand: null,
  bearing: null,
  coordinateXAxis: 'xAxis',
  coordinateYAxis: 'yAxis',
  coordinateZAxis: 'zAxis',
  health: 'unknown',
  device: null,
  profile: null,
  ...emptyPointFormExtras(),
  images: [],
  ...p,
});
