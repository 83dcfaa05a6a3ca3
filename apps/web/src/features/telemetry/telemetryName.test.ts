import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_IN_TELEMETRY, DEVICE_TELEMETRY } from '@overtone/contract';
import i18n from '../../core/i18n';
import { telemetryLabel } from './telemetryName';

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('telemetryLabel', () => {
  it('names a built-in telemetry in the user’s language while its definition keeps the default name', async () => {
    await i18n.changeLanguage('tr');
    expect(telemetryLabel(i18n.t, 'CREST_STAR', 'Crest factor*')).toBe('Tepe faktörü*');
    expect(telemetryLabel(i18n.t, 'AUTO_CORRELATION')).toBe('Otokorelasyon');
    await i18n.changeLanguage('de');
    expect(telemetryLabel(i18n.t, 'KURTOSIS', null)).toBe('Kurtosis');
    expect(telemetryLabel(i18n.t, 'PEAK_TO_PEAK', 'Peak to peak')).toBe('Spitze-Spitze');
  });

  it('shows the customer’s own name, and a telemetry of its own, as written', async () => {
    await i18n.changeLanguage('tr');
    expect(telemetryLabel(i18n.t, 'CREST_STAR', 'Tepe*')).toBe('Tepe*');
    expect(telemetryLabel(i18n.t, 'BEARING_TEMP', 'Rulman sıcaklığı')).toBe('Rulman sıcaklığı');
    expect(telemetryLabel(i18n.t, 'BEARING_TEMP')).toBe('BEARING_TEMP');
    // the firmware's own telemetry, shown by its code until someone names it
    expect(telemetryLabel(i18n.t, 'TEMPERATURE', 'TEMPERATURE')).toBe('Sıcaklık');
    expect(telemetryLabel(i18n.t, 'SUM')).toBe('Örnek toplamı (DC)');
  });

  it('never shows a built-in code in any language', async () => {
    for (const lang of ['tr', 'en', 'de', 'ru', 'zh', 'zh-tw']) {
      await i18n.changeLanguage(lang);
      for (const { name, displayName } of BUILT_IN_TELEMETRY) {
        const label = telemetryLabel(i18n.t, name, displayName);
        expect(label.length).toBeGreaterThan(0);
        if (name.includes('_')) expect(label).not.toBe(name);
      }
    }
  });

  it('names the device telemetry kinds (pressure, pitch, current L1 …) in every language', async () => {
    await i18n.changeLanguage('tr');
    expect(telemetryLabel(i18n.t, 'PRESSURE')).toBe('Basınç');
    expect(telemetryLabel(i18n.t, 'CURRENT_L1', 'Current L1')).toBe('Akım L1');
    expect(telemetryLabel(i18n.t, 'BATTERY_VOLTAGE', 'BATTERY_VOLTAGE')).toBe('Pil gerilimi');
    expect(telemetryLabel(i18n.t, 'PRESSURE', 'Hat basıncı')).toBe('Hat basıncı');
    await i18n.changeLanguage('de');
    expect(telemetryLabel(i18n.t, 'RPM')).toBe('Drehzahl');
    for (const lang of ['tr', 'en', 'de', 'ru', 'zh', 'zh-tw']) {
      await i18n.changeLanguage(lang);
      for (const { name } of DEVICE_TELEMETRY) {
        expect(i18n.exists(`telemetryNames:${name}`), `${lang} ${name}`).toBe(true);
        if (name.includes('_')) expect(telemetryLabel(i18n.t, name)).not.toBe(name);
      }
    }
  });
});
