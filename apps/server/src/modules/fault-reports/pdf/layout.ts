import { fontKey, fontkitFont, resetGlyphCache, splitRuns, type FontFace, type FontWeight } from './fonts.ts';

/**
 * Text and page helpers over pdfkit for the fault report: every text goes through {@link Writer.text}
 * so each character is set in a face that has its glyph (fonts.ts), and every block asks
 * {@link Writer.ensureSpace} before it starts so a heading never ends a page alone.
 */

export interface TextStyle {
  /** Font size, pt. */
  size: number;
  weight?: FontWeight;
  /** Fill colour (CSS hex). Default '#262626'. */
  color?: string;
  align?: 'left' | 'center' | 'right' | 'justify';
  /** Extra space between lines, pt. Default 1.5. */
  lineGap?: number;
  /** Keep on one line (a table cell or footer). Default false. */
  noWrap?: boolean;
}

/** Writes language-aware text into a pdfkit document whose fonts it registers. */
export class Writer {
  private readonly registered = new Set<string>();

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly chain: readonly FontFace[],
  ) {}

  /**
   * Selects a face, registering it on first use. pdfkit (≥ 0.16) takes an already parsed fontkit
   * font (its typings list only bytes): faces are parsed once per process (fonts.ts), not once per
   * document, and a document embeds a subset of only the faces it uses. Each face's glyph cache is
   * cleared when a document first uses it (fonts.ts resetGlyphCache: the ToUnicode map).
   */
  private useFont(face: FontFace, weight: FontWeight = 'regular'): void {
    const key = fontKey(face, weight);
    if (!this.registered.has(key)) {
      resetGlyphCache(face, weight);
      this.doc.registerFont(key, fontkitFont(face, weight) as unknown as Uint8Array);
      this.registered.add(key);
    }
    this.doc.font(key);
  }

  get left(): number {
    return this.doc.page.margins.left;
  }
  get contentWidth(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  /** Lowest y that content may reach on this page, pt. */
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /**
   * Writes `text` at (x, y) in a box `width` wide, wrapping lines; leaves `doc.y` below it.
   * A text mixing scripts is set run by run (pdfkit's `continued` text), each run in its own face.
   */
  text(text: string, x: number, y: number, width: number, style: TextStyle): void {
    const doc = this.doc;
    const runs = splitRuns(text.length ? text : ' ', this.chain);
    doc.fontSize(style.size).fillColor(style.color ?? '#262626');
    // Every face is placed on the Latin face's baseline (Noto Sans ascends 1.069 em, the CJK faces
    // 1.16 em): pdfkit would otherwise put each run's baseline at its own face's ascent below y.
    const latin = fontkitFont('latin', style.weight);
    const baseline = -((latin.ascent / latin.unitsPerEm) * style.size);
    const options: PDFKit.Mixins.TextOptions = {
      baseline,
      width,
      align: style.align ?? 'left',
      lineGap: style.lineGap ?? 1.5,
      lineBreak: !style.noWrap,
    };
    if (runs.length > 1 && (style.noWrap || (style.align ?? 'left') !== 'left')) {
      // pdfkit's `continued` text misplaces runs of a right-aligned or centred line: set the
      // runs one after the other at measured positions instead (one line).
      const total = this.widthOf(text, style);
      let cx = style.align === 'right' ? x + width - total : style.align === 'center' ? x + (width - total) / 2 : x;
      for (const run of runs) {
        this.useFont(run.face, style.weight);
        doc.fontSize(style.size);
        doc.text(run.text, cx, y, { lineBreak: false, baseline });
        cx += doc.widthOfString(run.text);
      }
      doc.x = x;
      return;
    }
    runs.forEach((run, i) => {
      this.useFont(run.face, style.weight);
      const continued = i < runs.length - 1;
      if (i === 0) doc.text(run.text, x, y, { ...options, continued });
      else doc.text(run.text, { continued, baseline });
    });
  }

  /** Height `text` takes in a box `width` wide, pt (measured in the face of its longest run). */
  heightOf(text: string, width: number, style: TextStyle): number {
    const runs = splitRuns(text.length ? text : ' ', this.chain);
    const main = runs.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    this.useFont(main.face, style.weight);
    this.doc.fontSize(style.size);
    return this.doc.heightOfString(text, { width, lineGap: style.lineGap ?? 1.5 });
  }

  /** Width of a one-line text, pt. */
  widthOf(text: string, style: TextStyle): number {
    let w = 0;
    for (const run of splitRuns(text, this.chain)) {
      this.useFont(run.face, style.weight);
      this.doc.fontSize(style.size);
      w += this.doc.widthOfString(run.text);
    }
    return w;
  }

  /** Starts a new page unless `height` pt still fit below `doc.y`; returns the y to draw at. */
  ensureSpace(height: number): number {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = this.doc.page.margins.top;
    }
    return this.doc.y;
  }

  /** A section heading with a rule under it; leaves `doc.y` below. */
  heading(title: string, minFollowing = 40): void {
    const y = this.ensureSpace(28 + minFollowing) + 6;
    this.text(title, this.left, y, this.contentWidth, { size: 13, weight: 'bold', color: '#1d39c4' });
    const ruleY = this.doc.y + 2;
    this.doc
      .moveTo(this.left, ruleY)
      .lineTo(this.left + this.contentWidth, ruleY)
      .lineWidth(0.6)
      .strokeColor('#adc6ff')
      .stroke();
    this.doc.y = ruleY + 6;
  }

  /** A paragraph at the left margin over the full width; leaves `doc.y` below with `gap` pt. */
  paragraph(text: string, style: TextStyle, gap = 6): void {
    const y = this.ensureSpace(Math.min(this.heightOf(text, this.contentWidth, style), 60));
    this.text(text, this.left, y, this.contentWidth, style);
    this.doc.y += gap;
  }
}

/**
 * Width and height of a PNG, px, from its IHDR chunk (PNG spec §11.2.2).
 * @throws Error when the bytes are not a PNG
 */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = '89504e470d0a1a0a';
  if (png.length < 24 || png.subarray(0, 8).toString('hex') !== signature || png.toString('ascii', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
