import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZONE_HEALTH, type ConditionAxis, type ConditionAxisValue } from '@overtone/contract';
import { HEALTH_COLORS } from '../../ui/health';
import { ZONE_COLORS, zoneScale } from './zoneScale';

/** Drawing size of one axis band (SVG user units; the SVG scales to its container's width). */
const W = 600;
const BAND_Y = 18;
const BAND_H = 18;
const H = 52;
/** Room on both sides for a marker at the very edge. */
const PAD = 8;
/** Letter colour on each zone fill: dark on the light yellow-green, white elsewhere. */
const LETTER_COLORS = { A: '#fff', B: '#1f1f1f', C: '#fff', D: '#fff' } as const;

/** A velocity as the chart labels it: 2 decimals, 3 below 1 mm/s. */
export const formatMmPerS = (v: number) => (v < 1 ? v.toFixed(3) : v.toFixed(2));

/**
 * One axis on the ISO 10816-1 zone chart: the bands A…D of the class (log scale, zoneScale.ts),
 * their boundaries in mm/s, and a marker at the axis's latest velocity r.m.s. Without a value the
 * band is drawn without a marker and says so.
 */
export function ZoneBandChart({
  axis,
  axisLabel,
  boundaries,
  value,
}: {
  axis: ConditionAxis;
  /** the axis as the point names it: its machine axis and the sensor's (alarms' sourceLabel) */
  axisLabel: string;
  boundaries: readonly [number, number, number];
  value: ConditionAxisValue | undefined;
}) {
  const { t } = useTranslation('condition');
  const scale = zoneScale(boundaries);
  const x = value ? scale.position(value.value) : null;
  const label = value
    ? t('zone.axisValue', { axis: axisLabel, value: formatMmPerS(value.value), zone: value.zone })
    : t('zone.axisNoValue', { axis: axisLabel });
  return (
    <div data-testid={`condition-zone-${axis}`} data-zone={value?.zone ?? ''} data-position={x === null ? '' : x.toFixed(4)}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{axisLabel}</Typography.Text>
        {value ? (
          <span>
            <Typography.Text className="mono">{t('zone.value', { value: formatMmPerS(value.value) })}</Typography.Text>{' '}
            <Tag color={HEALTH_COLORS[ZONE_HEALTH[value.zone]]} data-testid="zone-tag">
              {t('zone.zoneName', { zone: value.zone })}
            </Tag>
          </span>
        ) : (
          <Typography.Text type="secondary">{t('zone.noValue')}</Typography.Text>
        )}
      </Flex>
      <svg
        viewBox={`${-PAD} 0 ${W + 2 * PAD} ${H}`}
        width="100%"
        role="img"
        aria-label={label}
        style={{ display: 'block', maxHeight: 80 }}
      >
        {scale.bands.map((b) => (
          <g key={b.zone} data-testid={`zone-band-${b.zone}`} data-x0={b.x0.toFixed(4)} data-x1={b.x1.toFixed(4)}>
            <rect x={b.x0 * W} y={BAND_Y} width={(b.x1 - b.x0) * W} height={BAND_H} fill={ZONE_COLORS[b.zone]} opacity={0.85} />
            <text
              x={((b.x0 + b.x1) / 2) * W}
              y={BAND_Y + 13}
              textAnchor="middle"
              fontSize={12}
              fontWeight={600}
              fill={LETTER_COLORS[b.zone]}
            >
              {b.zone}
            </text>
          </g>
        ))}
        {scale.bands.slice(1).map((b) => (
          <text key={b.zone} x={b.x0 * W} y={H - 2} textAnchor="middle" fontSize={11} fill="#595959">
            {b.from}
          </text>
        ))}
        <text x={W} y={H - 2} textAnchor="end" fontSize={11} fill="#595959">
          {t('zone.unit')}
        </text>
        {x !== null && (
          <g data-testid="zone-marker">
            <line x1={x * W} x2={x * W} y1={BAND_Y - 4} y2={BAND_Y + BAND_H + 4} stroke="#1f1f1f" strokeWidth={2.5} />
            <polygon points={`${x * W - 6},2 ${x * W + 6},2 ${x * W},${BAND_Y - 4}`} fill="#1f1f1f" />
          </g>
        )}
      </svg>
    </div>
  );
}
