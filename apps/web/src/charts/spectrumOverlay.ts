import type uPlot from 'uplot';
import type { ChartTheme } from './chartTheme';

/** Smallest distance between two harmonic labels, CSS pixels. */
const MIN_LABEL_GAP_PX = 28;

export interface OverlayState {
  /** x positions (display unit) of the harmonics 1×..n×, empty when the point has no reference frequency. */
  harmonicsX: number[];
  harmonicLabel(order: number): string;
  /** Index of the active line (cursor readout), or null. */
  activeIndex: number | null;
  /** Index of the highest peak below the limit, or null. */
  peakIndex: number | null;
  /** Further dashed marker sets in their own colours (e.g. bearing fault frequencies), drawn after the harmonics. */
  markers?: MarkerSet[];
}

/** A set of vertical marker lines, e.g. the harmonics of one bearing fault frequency. */
export interface MarkerSet {
  /** x positions in the display unit, ascending; the n-th is labelled `label(n)` (1-based). */
  xs: number[];
  color: string;
  label(order: number): string;
}

/**
 * uPlot `draw` hook painting, over the series: dashed harmonic lines with their order, the peak
 * marker and the active line. Reads the overlay state on every draw, so a `redraw(false)` after a
 * state change is enough.
 */
export function spectrumOverlayHook(getState: () => OverlayState, theme: ChartTheme) {
  return (u: uPlot) => {
    const s = getState();
    const { ctx } = u;
    const { left, top, width, height } = u.bbox;
    const xs = u.data[0];
    const ys = u.data[1];
    const dpr = devicePixelRatio || 1;
    const xMin = u.scales.x.min ?? -Infinity;
    const xMax = u.scales.x.max ?? Infinity;

    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();

    ctx.setLineDash([5 * dpr, 4 * dpr]);
    ctx.lineWidth = dpr;
    ctx.font = `${11 * dpr}px sans-serif`;
    const sets: MarkerSet[] = [{ xs: s.harmonicsX, color: theme.harmonic, label: s.harmonicLabel }, ...(s.markers ?? [])];
    sets.forEach((set, setIndex) => {
      ctx.strokeStyle = set.color;
      ctx.fillStyle = set.color;
      // Each further set writes its labels one row lower, so that coinciding lines stay readable.
      const labelY = top + (12 + 13 * setIndex) * dpr;
      let lastLabelPx = -Infinity;
      set.xs.forEach((x, i) => {
        if (x < xMin || x > xMax) return;
        const px = Math.round(u.valToPos(x, 'x', true));
        ctx.beginPath();
        ctx.moveTo(px, top);
        ctx.lineTo(px, top + height);
        ctx.stroke();
        // Labels only where they do not overlap (zoomed out, the harmonics crowd at low frequency).
        if (px - lastLabelPx >= MIN_LABEL_GAP_PX * dpr) {
          ctx.fillText(set.label(i + 1), px + 3 * dpr, labelY);
          lastLabelPx = px;
        }
      });
    });
    ctx.setLineDash([]);

    const marker = (i: number | null, color: string, line: boolean) => {
      if (i === null || i >= xs.length) return;
      const x = xs[i];
      const y = ys[i];
      if (x === null || x === undefined || x < xMin || x > xMax) return;
      const px = u.valToPos(x, 'x', true);
      if (line) {
        ctx.strokeStyle = color;
        ctx.lineWidth = dpr;
        ctx.beginPath();
        ctx.moveTo(px, top);
        ctx.lineTo(px, top + height);
        ctx.stroke();
      }
      if (y === null || y === undefined) return;
      const py = u.valToPos(y, 'y', true);
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(px, py, 4 * dpr, 0, 2 * Math.PI);
      ctx.fill();
    };
    marker(s.peakIndex, theme.peak, false);
    marker(s.activeIndex, theme.text, true);
    ctx.restore();
  };
}
