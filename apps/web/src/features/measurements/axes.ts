import { AXIS_KEYS, type AxisKey, type Point } from '@overtone/contract';

export type CoordinateAxis = Point['coordinateXAxis'];

/**
 * Which machine axis each sensor axis shows (spec 002 §2: axis labels follow the point's
 * coordinate-axis mapping). Without a point record the sensor axes are shown as they are.
 */
export function axisMapping(
  point: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'> | undefined,
): Record<AxisKey, CoordinateAxis> {
  return {
    accelerometer_x: point?.coordinateXAxis ?? 'xAxis',
    accelerometer_y: point?.coordinateYAxis ?? 'yAxis',
    accelerometer_z: point?.coordinateZAxis ?? 'zAxis',
  };
}

/** The axes of a measurement that carry samples, in X, Y, Z order. */
export function axesWithData(data: Record<string, number[]>): AxisKey[] {
  return AXIS_KEYS.filter((k) => (data[k]?.length ?? 0) > 0);
}
