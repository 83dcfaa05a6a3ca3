import { Button, Flex, Typography, theme } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatAmplitude, formatFrequency } from './formatNumber';
import type { SpectrumPeak } from './spectrumMath';

interface Props {
  peak: SpectrumPeak | null;
  limitHz: number;
  unit: string;
  onGoTo(): void;
  testId?: string;
}

/**
 * "Highest peak below {limit} Hz: {f} Hz, {amp} {unit}". The exact, unformatted values are in
 * `data-frequency-hz` and `data-amplitude` for end-to-end checks against a reference computation.
 */
export function SpectrumPeakReadout({ peak, limitHz, unit, onGoTo, testId = 'spectrum-peak' }: Props) {
  const { t } = useTranslation('charts');
  const { token } = theme.useToken();
  // An infinite limit: the highest line of the whole spectrum (envelope), without a limit in the text.
  const limited = Number.isFinite(limitHz);
  return (
    <Flex
      align="center"
      gap={8}
      data-testid={testId}
      data-limit-hz={limited ? String(limitHz) : undefined}
      data-frequency-hz={peak ? String(peak.frequencyHz) : undefined}
      data-amplitude={peak ? String(peak.amplitude) : undefined}
      data-unit={unit}
      style={{ background: token.colorFillQuaternary, borderRadius: token.borderRadius, padding: '4px 10px' }}
    >
      <Typography.Text strong>
        {peak
          ? limited
            ? t('peakReadout', {
                limit: limitHz,
                frequency: formatFrequency(peak.frequencyHz),
                amplitude: formatAmplitude(peak.amplitude),
                unit,
              })
            : t('highestLine', { frequency: formatFrequency(peak.frequencyHz), amplitude: formatAmplitude(peak.amplitude), unit })
          : limited
            ? t('noPeak', { limit: limitHz })
            : t('noLine')}
      </Typography.Text>
      {peak && (
        <Button size="small" type="link" icon={<AimOutlined />} onClick={onGoTo}>
          {t('goToPeak')}
        </Button>
      )}
    </Flex>
  );
}
