import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Typography } from 'antd';
import { useChartTheme } from '../../../charts/chartTheme';
import { colorAt, cssColorAt, niceTicks, normalise, valueRange, type HeatScale } from './heatMap';

interface Props {
  /** Frequencies in Hz, ascending (rows of `sxx`). */
  f: readonly number[];
  /** Segment centres in s, ascending (columns of `sxx`). */
  t: readonly number[];
  /** `sxx[i][j]`: amplitude of frequency i in segment j, in `unit`. */
  sxx: readonly (readonly number[])[];
  unit: string;
  scale: HeatScale;
  xLabel: string;
  yLabel: string;
  /** Label of the colour bar, e.g. "g" or "dB". */
  colorLabel: string;
  /** Text of the value under the cursor. */
  readout(time: number, frequency: number, value: string): string;
  height?: number;
  testId: string;
}

const MARGIN = { left: 64, right: 84, top: 12, bottom: 42 };
const BAR_WIDTH = 14;

/**
 * Spectrogram heat map on a canvas: one cell per (segment, frequency), viridis colours on a linear
 * or dB scale, time and frequency axes with nice ticks, a colour bar with its scale, and the value
 * under the cursor. Follows the container's width.
 */
export function HeatMapCanvas({ f, t, sxx, unit, scale, xLabel, yLabel, colorLabel, readout, height = 340, testId }: Props) {
  const theme = useChartTheme();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(600);
  const [hover, setHover] = useState<string | null>(null);
  const range = useMemo(() => valueRange(sxx, scale), [sxx, scale]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(el.clientWidth, 300));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const nf = f.length;
  const nt = t.length;
  const tMin = nt ? t[0] : 0;
  const tMax = nt > 1 ? t[nt - 1] : tMin + 1;
  const fMin = nf ? f[0] : 0;
  const fMax = nf > 1 ? f[nf - 1] : fMin + 1;
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);

    // Cells: one image pixel per cell, scaled to the plot; low frequencies at the bottom.
    if (nf && nt) {
      const img = ctx.createImageData(nt, nf);
      for (let i = 0; i < nf; i++)
        for (let j = 0; j < nt; j++) {
          const v = normalise(sxx[i]?.[j] ?? 0, scale, range);
          const [r, g, b] = colorAt(v);
          const o = ((nf - 1 - i) * nt + j) * 4;
          img.data[o] = r;
          img.data[o + 1] = g;
          img.data[o + 2] = b;
          img.data[o + 3] = 255;
        }
      const off = document.createElement('canvas');
      off.width = nt;
      off.height = nf;
      const octx = off.getContext('2d');
      if (octx) {
        octx.putImageData(img, 0, 0);
        // Nearest cells when enlarged (sharp), averaged when reduced (no line is skipped).
        ctx.imageSmoothingEnabled = nf > plotH || nt > plotW;
        ctx.drawImage(off, MARGIN.left, MARGIN.top, plotW, plotH);
      }
    }

    // Axes and ticks.
    ctx.strokeStyle = theme.axis;
    ctx.fillStyle = theme.textSecondary;
    ctx.font = theme.font;
    ctx.lineWidth = 1;
    ctx.strokeRect(MARGIN.left + 0.5, MARGIN.top + 0.5, plotW, plotH);
    const xPx = (v: number) => MARGIN.left + ((v - tMin) / (tMax - tMin)) * plotW;
    const yPx = (v: number) => MARGIN.top + plotH - ((v - fMin) / (fMax - fMin)) * plotH;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const v of niceTicks(tMin, tMax, Math.max(2, Math.floor(plotW / 90)))) {
      const x = xPx(v);
      ctx.beginPath();
      ctx.moveTo(x, MARGIN.top + plotH);
      ctx.lineTo(x, MARGIN.top + plotH + 4);
      ctx.stroke();
      ctx.fillText(formatTick(v), x, MARGIN.top + plotH + 6);
    }
    ctx.fillText(xLabel, MARGIN.left + plotW / 2, height - 16);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const v of niceTicks(fMin, fMax, Math.max(2, Math.floor(plotH / 50)))) {
      const y = yPx(v);
      ctx.beginPath();
      ctx.moveTo(MARGIN.left - 4, y);
      ctx.lineTo(MARGIN.left, y);
      ctx.stroke();
      ctx.fillText(formatTick(v), MARGIN.left - 6, y);
    }
    ctx.save();
    ctx.translate(14, MARGIN.top + plotH / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.fillText(yLabel, 0, 0);
    ctx.restore();

    // Colour bar.
    const barX = width - MARGIN.right + 16;
    for (let k = 0; k < plotH; k++) {
      ctx.fillStyle = cssColorAt(1 - k / plotH);
      ctx.fillRect(barX, MARGIN.top + k, BAR_WIDTH, 1);
    }
    ctx.strokeRect(barX + 0.5, MARGIN.top + 0.5, BAR_WIDTH, plotH);
    ctx.fillStyle = theme.textSecondary;
    ctx.textAlign = 'left';
    const [lo, hi] = range;
    for (const v of niceTicks(lo, hi, 5)) {
      const y = MARGIN.top + plotH - ((v - lo) / (hi - lo)) * plotH;
      ctx.fillText(formatTick(v), barX + BAR_WIDTH + 4, y);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText(colorLabel, barX + BAR_WIDTH / 2, MARGIN.top + plotH + 6);
  }, [f, t, sxx, scale, range, width, height, theme, nf, nt, tMin, tMax, fMin, fMax, plotW, plotH, xLabel, yLabel, colorLabel]);

  const onMove = (e: MouseEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - rect.left - MARGIN.left;
    const py = e.clientY - rect.top - MARGIN.top;
    if (!nf || !nt || px < 0 || py < 0 || px > plotW || py > plotH) return setHover(null);
    const j = Math.min(nt - 1, Math.floor((px / plotW) * nt));
    const i = Math.min(nf - 1, nf - 1 - Math.floor((py / plotH) * nf));
    const v = sxx[i]?.[j] ?? 0;
    setHover(readout(t[j], f[i], `${v.toPrecision(4)} ${unit}`));
  };

  return (
    <div ref={box} style={{ width: '100%', minWidth: 0 }} data-testid={testId} data-cells={`${nt}x${nf}`}>
      <canvas
        ref={canvas}
        style={{ width, height, display: 'block' }}
        onMouseMove={onMove}
        onMouseLeave={() => setHover(null)}
        data-testid={`${testId}-canvas`}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12, minHeight: 20, display: 'block' }}>
        {hover ?? '\u00a0'}
      </Typography.Text>
    </div>
  );
}

function formatTick(v: number): string {
  const a = Math.abs(v);
  if (a >= 1000) return v.toFixed(0);
  if (a >= 10) return String(Number(v.toFixed(1)));
  return String(Number(v.toPrecision(3)));
}
