import {
  BEARING_COMPONENTS,
  COMMENTS_QUESTION,
  CONFIRMED_QUESTION,
  FAULT_NAMES,
  REPORT_LANGUAGES,
  SENSOR_FAULT_NAMES,
  TIME_TO_STOP_MONTHS,
  type BearingComponent,
  type FaultName,
  type ReportLanguage,
} from '@overtone/contract';
import { describe, expect, it } from 'vitest';
import { faultName, faultQuestions, faultTexts, timeToStopText } from './catalogue.ts';

const BEARING_FAULTS: FaultName[] = ['bearing_failure', 'early_stage_bearing_failure'];
const TEXT_FIELDS = ['name', 'description', 'indication', 'cause'] as const;

/** Every (fault, component) the reports can carry: bearing faults with and without a component. */
const cases: [FaultName, BearingComponent | null][] = FAULT_NAMES.flatMap((f) =>
  BEARING_FAULTS.includes(f)
    ? [[f, null] as [FaultName, null], ...BEARING_COMPONENTS.map((c) => [f, c] as [FaultName, BearingComponent])]
    : [[f, null] as [FaultName, null]],
);

/** All the catalogue's texts of one language (names, fields, suggestions, questions). */
function allTexts(language: ReportLanguage): string[] {
  return cases.flatMap(([f, c]) => {
    const t = faultTexts(f, c, language);
    return [
      t.name,
      t.description,
      t.indication,
      t.cause,
      ...t.suggestions,
      ...faultQuestions(f).map((q) => q.question[language]),
    ];
  });
}

describe('fault catalogue texts', () => {
  it('every fault × component × language has a name, description, indication, cause and 3–6 non-empty suggestions', () => {
    for (const [f, c] of cases)
      for (const l of REPORT_LANGUAGES) {
        const t = faultTexts(f, c, l);
        for (const field of TEXT_FIELDS) expect(t[field].trim().length, `${f} ${c} ${l} ${field}`).toBeGreaterThan(1);
        expect(t.suggestions.length, `${f} ${l}`).toBeGreaterThanOrEqual(3);
        expect(t.suggestions.length, `${f} ${l}`).toBeLessThanOrEqual(6);
        for (const s of t.suggestions) expect(s.trim().length, `${f} ${l} suggestion`).toBeGreaterThan(10);
        expect(new Set(t.suggestions).size, `${f} ${l} duplicated suggestion`).toBe(t.suggestions.length);
        expect(faultName(f, c)[l]).toBe(t.name);
      }
  });

  it('the six languages differ from each other (no copied text), names of zh and zhTw may share characters', () => {
    for (const [f, c] of cases) {
      const byLang = REPORT_LANGUAGES.map((l) => faultTexts(f, c, l));
      for (let i = 0; i < byLang.length; i++)
        for (let j = i + 1; j < byLang.length; j++) {
          const pair = `${REPORT_LANGUAGES[i]}/${REPORT_LANGUAGES[j]} ${f} ${c}`;
          for (const field of ['description', 'indication', 'cause'] as const)
            expect(byLang[i]![field], `${pair} ${field}`).not.toBe(byLang[j]![field]);
          if (!(REPORT_LANGUAGES[i] === 'zh' && REPORT_LANGUAGES[j] === 'zhTw'))
            expect(byLang[i]!.name, `${pair} name`).not.toBe(byLang[j]!.name);
          for (const s of byLang[i]!.suggestions) expect(byLang[j]!.suggestions, `${pair} suggestion`).not.toContain(s);
        }
    }
  });

  it('each language is written in its own script and words (no English left in tr, de, ru, zh, zhTw)', () => {
    const englishWords = /\b(the|and|with|of|is|are|check|bearing|measurement|fault)\b/i;
    for (const l of ['tr', 'de', 'ru', 'zh', 'zhTw'] as const)
      for (const text of allTexts(l)) expect(englishWords.test(text), `${l}: ${text}`).toBe(false);
    for (const f of FAULT_NAMES) {
      expect(faultTexts(f, null, 'tr').description, f).toMatch(/[ıİşŞğĞçÇöÖüÜ]/);
      expect(faultTexts(f, null, 'de').description, f).toMatch(/\b(der|die|das|und|ist|ein|eine|mit)\b/);
      const ru = faultTexts(f, null, 'ru').description;
      expect((ru.match(/[а-яё]/gi) ?? []).length / ru.replace(/[\s\d\W]/g, '').length, f).toBeGreaterThan(0.9);
      for (const l of ['zh', 'zhTw'] as const) {
        const d = faultTexts(f, null, l).description;
        expect((d.match(/[\u4e00-\u9fff]/g) ?? []).length / d.length, `${l} ${f}`).toBeGreaterThan(0.6);
      }
    }
  });

  it('zh uses simplified and zhTw traditional characters throughout (轴承 vs 軸承)', () => {
    // Characters written differently in the two scripts that the field's texts use.
    const simplifiedOnly = '轴齿轮变传电频测检声动谐调应问题这时过对号们为个运转发现机关间压进误载润损却结构剂带频滚环紧';
    const traditionalOnly = '軸齒輪變傳電頻測檢聲動諧調應問題這時過對號們為個運轉發現機關間壓進誤載潤損卻結構劑帶頻滾環緊';
    const zh = allTexts('zh').join('');
    const zhTw = allTexts('zhTw').join('');
    for (const ch of traditionalOnly) expect(zh, `zh has traditional ${ch}`).not.toContain(ch);
    for (const ch of simplifiedOnly) expect(zhTw, `zhTw has simplified ${ch}`).not.toContain(ch);
    expect(faultName('bearing_failure', null).zh).toContain('轴承');
    expect(faultName('bearing_failure', null).zhTw).toContain('軸承');
  });

  it('bearing faults name their component in every language; other faults ignore a component', () => {
    expect(faultName('bearing_failure', 'outer_race').en).toBe('Bearing failure — outer race');
    expect(faultName('early_stage_bearing_failure', 'inner_race').en).toBe('Early-stage bearing failure — inner race');
    expect(faultName('bearing_failure', 'outer_race')).toMatchObject({
      tr: 'Rulman arızası — dış bilezik',
      de: 'Lagerschaden — Außenring',
      ru: 'Дефект подшипника — наружное кольцо',
      zh: '轴承故障 — 外圈',
      zhTw: '軸承故障 — 外環',
    });
    for (const l of REPORT_LANGUAGES) {
      const names = BEARING_COMPONENTS.map((c) => faultName('bearing_failure', c)[l]);
      expect(new Set(names).size, l).toBe(4);
      for (const n of names) expect(n.startsWith(faultName('bearing_failure', null)[l]), `${l} ${n}`).toBe(true);
      expect(faultName('unbalance', 'outer_race')[l]).toBe(faultName('unbalance', null)[l]);
      expect(faultTexts('unbalance', 'cage', l)).toEqual(faultTexts('unbalance', null, l));
    }
  });

  it("a bearing fault's indication names the component's defect lines (Randall & Antoni 2011 §2)", () => {
    const lines: Record<BearingComponent, RegExp[]> = {
      outer_race: [/BPFO/],
      inner_race: [/BPFI/, /1×/],
      rolling_element: [/BSF/, /FTF/],
      cage: [/FTF/],
    };
    for (const f of BEARING_FAULTS)
      for (const l of REPORT_LANGUAGES)
        for (const c of BEARING_COMPONENTS) {
          const t = faultTexts(f, c, l);
          for (const re of lines[c]) expect(t.indication, `${f} ${c} ${l}`).toMatch(re);
          // The component's pattern comes first, then the stage's (envelope only / also velocity spectrum).
          expect(t.indication.endsWith(faultTexts(f, null, l).indication), `${f} ${c} ${l}`).toBe(true);
          expect(t.cause.endsWith(faultTexts(f, null, l).cause), `${f} ${c} ${l}`).toBe(true);
        }
    // The two stages read differently: an early defect is in the envelope only.
    expect(faultTexts('early_stage_bearing_failure', null, 'en').indication).toMatch(/envelope/);
    expect(faultTexts('bearing_failure', null, 'en').indication).toMatch(/velocity or acceleration spectrum/);
  });

  it('sensor faults say the problem is the measurement, not the machine, in every language', () => {
    const notMachine: Record<ReportLanguage, string> = {
      tr: 'makine arızası değil',
      en: 'not a machine fault',
      de: 'kein Maschinenfehler',
      ru: 'а не неисправность машины',
      zh: '而不是机器故障',
      zhTw: '而不是機器故障',
    };
    for (const f of SENSOR_FAULT_NAMES)
      for (const l of REPORT_LANGUAGES) expect(faultTexts(f, null, l).description, `${f} ${l}`).toContain(notMachine[l]);
  });

  it('answers a fresh suggestions array each call', () => {
    const a = faultTexts('unbalance', null, 'en');
    a.suggestions.push('x');
    expect(faultTexts('unbalance', null, 'en').suggestions).not.toContain('x');
  });
});

describe('fault questions', () => {
  it('start with the mandatory yes/no fault_confirmed, end with the optional free-text comments, 1–3 own questions between', () => {
    for (const f of FAULT_NAMES) {
      const qs = faultQuestions(f);
      expect(qs[0], f).toMatchObject({ code: CONFIRMED_QUESTION, order: 1, isMandatory: true, answerType: 'yesNo' });
      expect(qs.at(-1), f).toMatchObject({ code: COMMENTS_QUESTION, order: qs.length, isMandatory: false, answerType: 'text' });
      expect(qs.length, f).toBeGreaterThanOrEqual(3);
      expect(qs.length, f).toBeLessThanOrEqual(5);
      expect(
        qs.map((q) => q.order),
        f,
      ).toEqual(qs.map((_, i) => i + 1));
      for (const q of qs.slice(1, -1)) expect(q.answerType, `${f} ${q.code}`).toBe('yesNo');
    }
  });

  it('codes are lower_snake_case and unique within a fault; texts exist and differ in all six languages', () => {
    for (const f of FAULT_NAMES) {
      const qs = faultQuestions(f);
      expect(new Set(qs.map((q) => q.code)).size, f).toBe(qs.length);
      for (const q of qs) {
        expect(q.code, f).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
        const texts = REPORT_LANGUAGES.map((l) => q.question[l]);
        for (const t of texts) expect(t.trim().length, `${f} ${q.code}`).toBeGreaterThan(2);
        expect(new Set(texts).size, `${f} ${q.code}`).toBe(6);
      }
    }
  });

  it('asks the fault-specific checks of the brief (bearing, unbalance, misalignment)', () => {
    const codes = (f: FaultName) => faultQuestions(f).map((q) => q.code);
    expect(codes('bearing_failure')).toEqual(expect.arrayContaining(['bearing_noisy_or_hot', 'lubricated_recently']));
    expect(codes('unbalance')).toContain('buildup_or_missing_weight');
    expect(codes('misalignment')).toContain('alignment_out_of_tolerance');
    expect(faultQuestions('misalignment').find((q) => q.code === 'alignment_out_of_tolerance')!.question.en).toBe(
      'Was the alignment measured out of tolerance?',
    );
  });

  it('answers fresh objects (a caller editing one does not change the catalogue)', () => {
    faultQuestions('unbalance')[0]!.question.en = 'changed';
    expect(faultQuestions('unbalance')[0]!.question.en).toBe('Was the fault confirmed on inspection?');
  });
});

describe('timeToStopText', () => {
  it('pluralises Russian months by Intl.PluralRules: 1 месяц, 2 месяца, 5 месяцев, 21 месяц', () => {
    expect(timeToStopText(1, 'ru')).toMatch(/ 1 месяц$/);
    expect(timeToStopText(2, 'ru')).toMatch(/ 2 месяца$/);
    expect(timeToStopText(5, 'ru')).toMatch(/ 5 месяцев$/);
    expect(timeToStopText(21, 'ru')).toMatch(/ 21 месяц$/);
    expect(timeToStopText(1.5, 'ru')).toMatch(/ 1,5 месяца$/);
  });

  it('writes the spec severities (critical 1, hazard 2, attention 3 months) in every language', () => {
    expect(timeToStopText(TIME_TO_STOP_MONTHS.critical, 'en')).toBe('Estimated time until a stop is required: 1 month');
    expect(timeToStopText(TIME_TO_STOP_MONTHS.hazard, 'en')).toBe('Estimated time until a stop is required: 2 months');
    expect(timeToStopText(1, 'de')).toMatch(/ 1 Monat$/);
    expect(timeToStopText(3, 'de')).toMatch(/ 3 Monate$/);
    expect(timeToStopText(3, 'tr')).toMatch(/ 3 ay$/);
    expect(timeToStopText(2, 'zh')).toContain('2 个月');
    expect(timeToStopText(2, 'zhTw')).toContain('2 個月');
    for (const l of REPORT_LANGUAGES) {
      const texts = Object.values(TIME_TO_STOP_MONTHS).map((m) => timeToStopText(m, l));
      expect(new Set(texts).size, l).toBe(3);
      texts.forEach((t, i) => expect(t, l).toContain(String(Object.values(TIME_TO_STOP_MONTHS)[i])));
    }
  });

  it('rejects a negative or non-finite number of months', () => {
    expect(() => timeToStopText(-1, 'en')).toThrow(RangeError);
    expect(() => timeToStopText(Number.NaN, 'tr')).toThrow(RangeError);
  });
});
