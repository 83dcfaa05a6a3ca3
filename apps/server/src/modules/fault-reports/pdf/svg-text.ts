import { FONT_CHAIN, fontkitFont, splitRuns, type FontFace, type FontWeight } from './fonts.ts';

/**
 * Text as SVG outlines: the spectrum image draws its labels as `<path>`s from the embedded Noto
 * fonts (fonts.ts) instead of `<text>`, so the rasteriser (sharp / librsvg) needs no system font and
 * the picture is the same on every machine.
 */

export interface SvgTextOptions {
  /** Em size, px. */
  sizePx: number;
  /** Fill colour (CSS). */
  fill: string;
  /** Where `x` is: at the start, middle or end of the text. Default 'start'. */
  anchor?: 'start' | 'middle' | 'end';
  /** Rotation about (x, y), degrees clockwise (−90: reads bottom to top). Default 0. */
  rotateDeg?: number;
  weight?: FontWeight;
  /** Faces tried in order (fonts.ts). Default: the English chain (Latin, then SC, then TC). */
  chain?: readonly FontFace[];
}

/**
 * Advance width of a text, px, as {@link svgText} would draw it.
 * @param text any Unicode text
 * @param sizePx em size, px
 */
export function textWidthPx(text: string, sizePx: number, weight: FontWeight = 'regular', chain = FONT_CHAIN.en): number {
  let width = 0;
  for (const run of splitRuns(text, chain)) {
    const font = fontkitFont(run.face, weight);
    width += (font.layout(run.text).advanceWidth * sizePx) / font.unitsPerEm;
  }
  return width;
}

/**
 * One `<g>` of `<path>` outlines drawing `text` with its baseline at (x, y).
 * @param text any Unicode text (kerned by fontkit's layout)
 * @param x anchor point, px
 * @param y baseline, px
 * @returns SVG markup ('' for an empty text)
 */
export function svgText(text: string, x: number, y: number, opts: SvgTextOptions): string {
  if (!text) return '';
  const weight = opts.weight ?? 'regular';
  const chain = opts.chain ?? FONT_CHAIN.en;
  const width = textWidthPx(text, opts.sizePx, weight, chain);
  const anchor = opts.anchor ?? 'start';
  let pen = anchor === 'start' ? 0 : anchor === 'middle' ? -width / 2 : -width;
  const paths: string[] = [];
  for (const run of splitRuns(text, chain)) {
    const font = fontkitFont(run.face, weight);
    const scale = opts.sizePx / font.unitsPerEm;
    const layout = font.layout(run.text);
    let penUnits = 0;
    layout.glyphs.forEach((glyph, i) => {
      const pos = layout.positions[i];
      const d = glyph.path.toSVG();
      if (d) {
        const gx = pen + (penUnits + pos.xOffset) * scale;
        const gy = -pos.yOffset * scale;
        paths.push(`<path transform="translate(${fmt(gx)} ${fmt(gy)}) scale(${fmt(scale)} ${fmt(-scale)})" d="${d}"/>`);
      }
      penUnits += pos.xAdvance;
    });
    pen += penUnits * scale;
  }
  const rotate = opts.rotateDeg ? ` rotate(${opts.rotateDeg})` : '';
  return `<g fill="${opts.fill}" transform="translate(${fmt(x)} ${fmt(y)})${rotate}">${paths.join('')}</g>`;
}

const fmt = (v: number): string => String(Math.round(v * 1000) / 1000);
