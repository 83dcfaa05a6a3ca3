import type uPlot from 'uplot';
import type { MaintenanceMarker } from '../maintenance/maintenanceModel';

/** Longest title drawn beside a marker, characters (the rest is cut with an ellipsis). */
export const MARKER_TITLE_MAX = 28;

/** The part of a uPlot chart the markers read (a real chart, or a stand-in in tests). */
export type MarkerChart = Pick<uPlot, 'ctx' | 'bbox' | 'valToPos'> & { scales: { x?: { min?: number; max?: number } } };

const cut = (title: string) => (title.length > MARKER_TITLE_MAX ? `${title.slice(0, MARKER_TITLE_MAX - 1)}…` : title);

/**
 * Draws the maintenance markers on a trend chart (issue 16: "the verdict shows … as a marker on the
 * trend"): a dashed vertical line over the plot at each record's start, in the colour of its
 * verdict's outcome, with the record's title at the top. Markers outside the shown time range are
 * not drawn. Call it from a `draw` hook (canvas pixels, device pixel ratio applied).
 * @param u the chart: `scales.x` in s since epoch, `bbox` in canvas pixels
 * @param markers from `maintenanceMarkers` (features/maintenance/maintenanceModel.ts)
 * @param font canvas font of the titles (the chart theme's)
 * @returns the markers drawn, in order
 */
export function drawMaintenanceMarkers(
  u: MarkerChart,
  markers: readonly MaintenanceMarker[],
  font: string,
  pixelRatio = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1,
): MaintenanceMarker[] {
  const { min, max } = u.scales.x ?? {};
  if (min === undefined || max === undefined || !markers.length) return [];
  const shown = markers.filter((m) => m.x >= min && m.x <= max);
  if (!shown.length) return [];
  const { ctx, bbox } = u;
  ctx.save();
  ctx.lineWidth = 1.5 * pixelRatio;
  ctx.font = font.replace(/(\d+(?:\.\d+)?)px/, (_, px: string) => `${Number(px) * pixelRatio}px`);
  ctx.textBaseline = 'top';
  for (const m of shown) {
    const x = Math.round(u.valToPos(m.x, 'x', true));
    ctx.strokeStyle = m.color;
    ctx.fillStyle = m.color;
    ctx.setLineDash([4 * pixelRatio, 3 * pixelRatio]);
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    ctx.setLineDash([]);
    // a small flag at the top, then the title beside it
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x + 6 * pixelRatio, bbox.top + 3 * pixelRatio);
    ctx.lineTo(x, bbox.top + 6 * pixelRatio);
    ctx.closePath();
    ctx.fill();
    // the title on the right of the line, or on its left where it would leave the plot
    const title = cut(m.title);
    const right = x + 8 * pixelRatio + ctx.measureText(title).width <= bbox.left + bbox.width;
    ctx.textAlign = right ? 'left' : 'right';
    ctx.fillText(title, right ? x + 8 * pixelRatio : x - 4 * pixelRatio, bbox.top + 8 * pixelRatio);
  }
  ctx.restore();
  return shown;
}
