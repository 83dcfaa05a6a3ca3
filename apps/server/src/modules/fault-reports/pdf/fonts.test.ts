import { describe, expect, it } from 'vitest';
import { BEARING_COMPONENTS, FAULT_NAMES, REPORT_LANGUAGES } from '@overtone/contract';
import { faultName, faultQuestions, faultTexts } from '../catalogue.ts';
import { FONT_CHAIN, fontkitFont, missingGlyphs, splitRuns } from './fonts.ts';
import { PDF_LABELS } from './labels.ts';

describe('splitRuns', { timeout: 20_000 }, () => {
  it('sets Turkish, Cyrillic and Latin in Noto Sans, ideographs in the language’s Chinese face', () => {
    expect(splitRuns('Rulman arızası ğüşıöç İ подшипник', FONT_CHAIN.zh)).toEqual([
      { text: 'Rulman arızası ğüşıöç İ подшипник', face: 'latin' },
    ]);
    expect(splitRuns('Pompa 3 轴承 故障', FONT_CHAIN.zh)).toEqual([
      { text: 'Pompa 3 ', face: 'latin' },
      { text: '轴承 故障', face: 'sc' },
    ]);
    expect(splitRuns('軸承故障', FONT_CHAIN.zhTw)).toEqual([{ text: '軸承故障', face: 'tc' }]);
    expect(splitRuns('', FONT_CHAIN.en)).toEqual([]);
  });

  it('keeps every character, in order', () => {
    const text = 'Motor NDE 电机 / Насос ğ 軸承。';
    for (const lang of REPORT_LANGUAGES)
      expect(
        splitRuns(text, FONT_CHAIN[lang])
          .map((r) => r.text)
          .join(''),
      ).toBe(text);
  });

  it('Noto Sans SC lacks ğ ş ı: why a chain is needed (a face alone would print boxes)', () => {
    const sc = fontkitFont('sc');
    expect(['ğ', 'ş', 'ı'].map((c) => sc.hasGlyphForCodePoint(c.codePointAt(0)!))).toEqual([false, false, false]);
    expect(fontkitFont('latin').hasGlyphForCodePoint('轴'.codePointAt(0)!)).toBe(false);
  });
});

describe('missingGlyphs', { timeout: 20_000 }, () => {
  it('finds characters no face has', () => {
    expect(missingGlyphs('Lager ok \u{1F6E0} ש', FONT_CHAIN.de)).toEqual(['\u{1F6E0}', 'ש']);
  });

  it('finds none in the catalogue texts (every fault), questions and PDF labels of every language', () => {
    for (const lang of REPORT_LANGUAGES) {
      const texts: string[] = [];
      for (const fault of FAULT_NAMES) {
        for (const component of [null, ...BEARING_COMPONENTS]) {
          const t = faultTexts(fault, component, lang);
          texts.push(faultName(fault, component)[lang], t.description, t.indication, t.cause, ...t.suggestions);
        }
        for (const q of faultQuestions(fault)) texts.push(q.question[lang]);
      }
      texts.push(JSON.stringify(PDF_LABELS[lang]), PDF_LABELS[lang].page(1, 2));
      expect(missingGlyphs(texts.join(' '), FONT_CHAIN[lang]), lang).toEqual([]);
    }
  });
});
