import type { ReactNode } from 'react';
import { useChartTheme } from '../../../charts/chartTheme';
import { plotRadius } from './polarGeometry';

interface Props {
  /** Largest value to show; the outer ring is the next round number. */
  max: number;
  unit: string;
  /** Draw the angle spokes every 30° with their labels (polar chart); off for the orbit. */
  angles?: boolean;
  /** Axis names of +x and +y (orbit). */
  xLabel?: string;
  yLabel?: string;
  size?: number;
  testId: string;
  /** Drawing in plot units: receives the mapping from plot units to SVG pixels. */
  children(toPx: (p: [number, number]) => [number, number]): ReactNode;
}

const PAD = 36;
/** Font size of the orbit's axis names, px. */
const AXIS_LABEL_PX = 11;

/** About the width of `text` at {@link AXIS_LABEL_PX} (a wide CJK character counts as a full em). */
const labelWidth = (text: string) =>
  [...text].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.66) * AXIS_LABEL_PX, 0);
/** Direction of the ring labels, between the 60° and 90° spokes (haloed, so that a crossing line stays readable). */
const LABEL_ANGLE = (80 * Math.PI) / 180;

/** A square SVG plot with rings (and angle spokes) around the origin, in the chart theme's colours. */
export function PolarPlot({ max, unit, angles = true, xLabel, yLabel, size = 400, testId, children }: Props) {
  const theme = useChartTheme();
  const radius = plotRadius(max);
  const c = size / 2;
  const scale = (size / 2 - PAD) / radius;
  const toPx = ([x, y]: [number, number]): [number, number] => [c + x * scale, c - y * scale];
  const rings = [0.25, 0.5, 0.75, 1].map((f) => f * radius);
  // The +x axis name sits right of the axis end: the drawing widens to hold it (the plot stays square).
  const xLabelAt = size - PAD + 4;
  const width = !angles && xLabel ? Math.max(size, Math.ceil(xLabelAt + labelWidth(xLabel) + 4)) : size;
  return (
    <svg
      width={width}
      height={size}
      viewBox={`0 0 ${width} ${size}`}
      role="img"
      style={{ maxWidth: '100%', height: 'auto', font: theme.font }}
      data-testid={testId}
      data-radius={radius}
    >
      {rings.map((r) => (
        <g key={r}>
          <circle cx={c} cy={c} r={r * scale} fill="none" stroke={theme.grid} />
          <text
            x={c + r * scale * Math.cos(LABEL_ANGLE) + 2}
            y={c - r * scale * Math.sin(LABEL_ANGLE) - 2}
            fill={theme.textSecondary}
            fontSize={10}
            stroke={theme.background}
            strokeWidth={3}
            paintOrder="stroke"
          >
            {`${Number(r.toPrecision(3))} ${unit}`}
          </text>
        </g>
      ))}
      {angles ? (
        Array.from({ length: 12 }, (_, k) => k * 30).map((deg) => {
          const [x, y] = toPx([radius * Math.cos((deg * Math.PI) / 180), radius * Math.sin((deg * Math.PI) / 180)]);
          const [lx, ly] = toPx([radius * 1.1 * Math.cos((deg * Math.PI) / 180), radius * 1.1 * Math.sin((deg * Math.PI) / 180)]);
          return (
            <g key={deg}>
              <line x1={c} y1={c} x2={x} y2={y} stroke={theme.grid} />
              <text x={lx} y={ly} fill={theme.textSecondary} fontSize={10} textAnchor="middle" dominantBaseline="middle">
                {`${deg}°`}
              </text>
            </g>
          );
        })
      ) : (
        <g>
          <line x1={PAD} y1={c} x2={size - PAD} y2={c} stroke={theme.axis} />
          <line x1={c} y1={PAD} x2={c} y2={size - PAD} stroke={theme.axis} />
          <text x={xLabelAt} y={c + 4} fill={theme.textSecondary} fontSize={AXIS_LABEL_PX}>
            {xLabel}
          </text>
          <text x={c} y={PAD - 8} fill={theme.textSecondary} fontSize={AXIS_LABEL_PX} textAnchor="middle">
            {yLabel}
          </text>
        </g>
      )}
      {children(toPx)}
    </svg>
  );
}
