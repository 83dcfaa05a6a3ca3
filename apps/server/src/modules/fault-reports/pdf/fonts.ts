import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { ReportLanguage } from '@overtone/contract';

/**
 * Fonts of the fault report PDF and its spectrum image (docs/fault-report-pdf.md).
 *
 * Google's Noto Sans family (SIL Open Font License 1.1), as the full TrueType files shipped by the
 * npm packages `@expo-google-fonts/noto-sans` (Latin incl. Turkish and German, Cyrillic, Greek),
 * `@expo-google-fonts/noto-sans-sc` (Simplified Chinese) and `@expo-google-fonts/noto-sans-tc`
 * (Traditional Chinese). No font comes from the system or the network: the output is the same on
 * every machine. pdfkit embeds only the glyphs a document uses (TrueType subset), so a report
 * stays small although the CJK files are 7–10 MB.
 *
 * No single face covers all six languages (Noto Sans SC lacks ğ ş ı İ, Noto Sans lacks the CJK
 * ideographs), and a point path in a Chinese report may hold a Turkish name: text is split into
 * runs, each set in the first face of the language's chain that has a glyph for it.
 */

/** A typeface of the chain: Latin/Cyrillic/Greek, Simplified Chinese, Traditional Chinese. */
export type FontFace = 'latin' | 'sc' | 'tc';
export type FontWeight = 'regular' | 'bold';

const require = createRequire(import.meta.url);

const FONT_FILES: Record<FontFace, Record<FontWeight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  tc: {
    regular: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
  },
};

/**
 * Faces tried in order for each report language. Latin first everywhere (it carries Turkish and
 * Cyrillic; it has no ideograph, so CJK text falls through to the Chinese face of the language).
 */
export const FONT_CHAIN: Record<ReportLanguage, readonly FontFace[]> = {
  tr: ['latin', 'sc', 'tc'],
  en: ['latin', 'sc', 'tc'],
  de: ['latin', 'sc', 'tc'],
  ru: ['latin', 'sc', 'tc'],
  zh: ['latin', 'sc', 'tc'],
  zhTw: ['latin', 'tc', 'sc'],
};

const buffers = new Map<string, Buffer>();
const fonts = new Map<string, fontkit.Font>();

/** Name under which a face and weight is registered in a PDF document (`latin-bold`…). */
export const fontKey = (face: FontFace, weight: FontWeight = 'regular'): string => `${face}-${weight}`;

/** The bytes of a face's TrueType file, read once and kept (the CJK files are 7–10 MB each). */
export function fontBuffer(face: FontFace, weight: FontWeight = 'regular'): Buffer {
  const key = fontKey(face, weight);
  let buf = buffers.get(key);
  if (!buf) {
    buf = fs.readFileSync(require.resolve(FONT_FILES[face][weight]));
    buffers.set(key, buf);
  }
  return buf;
}

/** A face parsed by fontkit (glyph coverage, metrics and outlines), parsed once and kept. */
export function fontkitFont(face: FontFace, weight: FontWeight = 'regular'): fontkit.Font {
  const key = fontKey(face, weight);
  let font = fonts.get(key);
  if (!font) {
    const parsed = fontkit.create(fontBuffer(face, weight));
    if (!('hasGlyphForCodePoint' in parsed)) throw new Error(`font ${key} is a collection`);
    font = parsed;
    fonts.set(key, font);
  }
  return font;
}

/**
 * Forgets the glyph objects fontkit keeps for a face (call before a document starts using it).
 *
 * fontkit caches each glyph with the code points of its first request. A glyph first met as the
 * component of a composite while pdfkit subsets a document (`g` inside `ğ`, `I` inside `İ`) is
 * cached with none, and a later document sharing the parsed font would then write no ToUnicode
 * entry for it: the letter still prints but text extraction, search and copy lose it (the PDF test
 * caught exactly this). A render is synchronous from its first glyph to `doc.end()`, so clearing at
 * the start of each document is enough; the expensive parsed tables (cmap, GSUB, GPOS) are kept.
 */
export function resetGlyphCache(face: FontFace, weight: FontWeight = 'regular'): void {
  (fontkitFont(face, weight) as unknown as { _glyphs: Record<number, unknown> })._glyphs = {};
}

/** A piece of text set in one face. */
export interface TextRun {
  text: string;
  face: FontFace;
}

/**
 * Splits a text into runs, each in the first face of `chain` that has a glyph for its characters.
 * White space and control characters stay in the run they are in (no face change for a space
 * between two ideographs). A character no face has stays in the chain's first face (it would show
 * as the missing-glyph box: the PDF test looks for exactly that).
 * @param text any Unicode text
 * @param chain faces in order of preference ({@link FONT_CHAIN})
 * @returns runs in text order; joined, their texts give `text` back; [] for ''
 */
export function splitRuns(text: string, chain: readonly FontFace[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const last = runs[runs.length - 1];
    if (last && (/\s/u.test(ch) || cp < 0x20)) {
      last.text += ch;
      continue;
    }
    const face = chain.find((f) => fontkitFont(f).hasGlyphForCodePoint(cp)) ?? chain[0];
    if (last && last.face === face) last.text += ch;
    else runs.push({ text: ch, face });
  }
  return runs;
}

/**
 * Characters of `text` that no face of `chain` has a glyph for (they would print as the
 * missing-glyph box). White space and control characters are not counted.
 * @returns the distinct missing characters, in order of first appearance; [] when all are covered
 */
export function missingGlyphs(text: string, chain: readonly FontFace[]): string[] {
  const missing = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x20 || /\s/u.test(ch)) continue;
    if (!chain.some((f) => fontkitFont(f).hasGlyphForCodePoint(cp))) missing.add(ch);
  }
  return [...missing];
}

/**
 * Reads and parses every face (and lays out a sample, which parses GSUB/GPOS) so that the first
 * report rendered after a start does not pay it (about 1–2 s on the 2-core machine). Optional:
 * without it the faces load on first use.
 */
export function preloadFonts(): void {
  for (const face of ['latin', 'sc', 'tc'] as const)
    for (const weight of ['regular', 'bold'] as const) fontkitFont(face, weight).layout('Overtone 轴承 軸承 ğ д');
}
