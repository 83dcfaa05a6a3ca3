import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FaultSeverity, Language, ReportLanguageText } from '@overtone/contract';
import { HEALTH_COLORS } from '../../ui/health';
import { reportLanguageOf } from './faultReportsApi';

/** Colour of a report severity (spec 001 §4: critical red, hazard orange, attention yellow, healthy green). */
export const severityColor = (severity: FaultSeverity): string => HEALTH_COLORS[severity];

/** A severity as a tag in its colour, translated. */
export function SeverityTag({ severity }: { severity: FaultSeverity }) {
  const { t } = useTranslation('faultReports');
  return (
    <Tag color={severityColor(severity)} data-testid="severity-tag" data-severity={severity}>
      {t(`severity.${severity}`)}
    </Tag>
  );
}

/** A report text in the interface language (`zh-tw` → `zhTw`), falling back to English, then Turkish. */
export const localizedText = (text: ReportLanguageText, language: Language): string =>
  text[reportLanguageOf(language)] || text.en || text.tr;

/** A confidence 0…1 as a whole percentage. */
export const formatConfidence = (confidence: number) => `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)} %`;

/**
 * A number as the evidence table shows it: 4 significant digits without trailing zeros, no exponent
 * for the usual ranges (0.0001 g … 10 000 Hz): 0.0421 → "0.0421", 7.2 → "7.2", 1234.56 → "1235".
 */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v === 0) return '0';
  const abs = Math.abs(v);
  const decimals = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 10 ? 2 : abs >= 1 ? 3 : Math.min(6, 3 - Math.floor(Math.log10(abs)));
  return v
    .toFixed(decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/**
 * Change of an amplitude against its baseline, dB (20·log10(a/b), the amplitude ratio as ISO 13373
 * trends it); null without a positive baseline.
 */
export function changeOverBaselineDb(amplitude: number, baseline: number | null): number | null {
  if (baseline === null || !(baseline > 0) || !(amplitude > 0)) return null;
  return 20 * Math.log10(amplitude / baseline);
}
