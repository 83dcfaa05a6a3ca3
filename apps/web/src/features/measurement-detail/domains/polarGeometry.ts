/**
 * Geometry of the polar and orbit plots: phasors in degrees to points, the filtered 1× orbit
 * ellipse of two axes, and the radius of a plot. Pure functions.
 */

const RAD = Math.PI / 180;

/** A vector of amplitude `r` and angle `deg` (counter-clockwise from +x) as [x, y]. */
export const polarToXY = (r: number, deg: number): [number, number] => [r * Math.cos(deg * RAD), r * Math.sin(deg * RAD)];

/**
 * The 1× orbit of one revolution: x(θ) = Rx·cos(θ + φx), y(θ) = Ry·cos(θ + φy), θ over one turn,
 * from the two axes' polar results (peak amplitude, cosine phase in degrees; docs/dsp.md).
 * @returns `steps + 1` points, closed
 */
export function orbitEllipse(rx: number, phaseXDeg: number, ry: number, phaseYDeg: number, steps = 72): [number, number][] {
  return Array.from({ length: steps + 1 }, (_, k) => {
    const th = (2 * Math.PI * k) / steps;
    return [rx * Math.cos(th + phaseXDeg * RAD), ry * Math.cos(th + phaseYDeg * RAD)];
  });
}

/**
 * A round upper limit for the plot radius ≥ `max` (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k), 1 when there is nothing.
 * @example plotRadius(0.37) // → 0.4
 */
export function plotRadius(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const mag = 10 ** Math.floor(Math.log10(max));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * mag).find((v) => v >= max * (1 - 1e-12)) ?? 10 * mag;
}

/** SVG path of points in plot units, mapped by `toPx`. */
export function svgPath(points: readonly [number, number][], toPx: (p: [number, number]) => [number, number]): string {
  return points
    .map(
      (p, i) =>
        `${i ? 'L' : 'M'}${toPx(p)
          .map((v) => v.toFixed(2))
          .join(' ')}`,
    )
    .join('');
}
