import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  AXIS_KEYS,
  type AlarmLevel,
  type AxisKey,
  type Point,
  type ThresholdDirection,
  type ThresholdPair,
} from '@overtone/contract';
import { HEALTH_COLORS } from '../../ui/health';
import { axisMapping } from '../measurements/axes';

/** Translation keys of the directions (spec 001 §3 thresholdDirection: 1 top limit, 0 band, −1 bottom limit). */
export const DIRECTION_KEY: Record<ThresholdDirection, 'top' | 'band' | 'bottom'> = { 1: 'top', 0: 'band', [-1]: 'bottom' };

const KNOWN_LEVELS = ['unknown', 'healthy', 'attention', 'hazard', 'critical', 'detection'] as const;
type KnownLevel = (typeof KNOWN_LEVELS)[number];
const isKnownLevel = (name: string): name is KnownLevel => (KNOWN_LEVELS as readonly string[]).includes(name);

/**
 * Colour of an alarm level (spec 001 §4: attention yellow, hazard orange, critical red, normal
 * green); unknown grey, detection purple (ui/health).
 */
export const levelColor = (name: string): string | undefined => (isKnownLevel(name) ? HEALTH_COLORS[name] : undefined);

/** A level as a tag in its colour, translated (an unknown name is shown as it is). */
export function LevelTag({ level }: { level: Pick<AlarmLevel, 'name'> }) {
  const { t } = useTranslation('alarms');
  return (
    <Tag color={levelColor(level.name)} data-testid="level-tag" data-level={level.name}>
      {isKnownLevel(level.name) ? t(`levels.${level.name}`) : level.name}
    </Tag>
  );
}

const SENSOR_LETTER: Record<AxisKey, string> = { accelerometer_x: 'X', accelerometer_y: 'Y', accelerometer_z: 'Z' };

/**
 * How a source reads: a sensor axis by the machine axis the point maps it to ("X axis (sensor Y)"),
 * the device's own values, a Duck channel; anything else as its code.
 */
export function sourceLabel(
  code: string,
  point: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'> | undefined,
  t: TFunction<'alarms'>,
): string {
  if ((AXIS_KEYS as readonly string[]).includes(code)) {
    const axis = code as AxisKey;
    return t('sources.axis', { axis: t(`axes.${axisMapping(point)[axis]}`), sensor: SENSOR_LETTER[axis] });
  }
  if (code === 'device') return t('sources.device');
  const channel = /^channel_(\d+)$/.exec(code);
  if (channel) return t('sources.channel', { n: channel[1] });
  return code;
}

/** A number as the threshold inputs show it: at most 4 decimals, no trailing zeros. */
export const formatThreshold = (v: number) => String(Math.round(v * 1e4) / 1e4);

/**
 * When a level is reached, in words of its direction (docs/alarms.md §Levels): top limit
 * "> upper", bottom limit "< lower", band "< lower or > upper".
 */
export function thresholdText(direction: ThresholdDirection, [lower, upper]: ThresholdPair, t: TFunction<'alarms'>): string {
  if (direction === 1) return t('thresholdText.above', { value: upper === null ? '–' : formatThreshold(upper) });
  if (direction === -1) return t('thresholdText.below', { value: lower === null ? '–' : formatThreshold(lower) });
  return t('thresholdText.outside', {
    lower: lower === null ? '–' : formatThreshold(lower),
    upper: upper === null ? '–' : formatThreshold(upper),
  });
}

/**
 * The text of a validation message key of the contract (`validation.<key>` of the namespace); a key
 * the web does not know is shown as it is.
 */
export function validationText(key: string, t: TFunction<'alarms'>, exists: (k: string) => boolean): string {
  return exists(`alarms:validation.${key}`) ? t(`validation.${key}` as 'validation.requireThreshold') : key;
}
