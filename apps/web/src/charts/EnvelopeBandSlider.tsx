import { useState } from 'react';
import { Flex, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** allowed band, Hz (`bandpassLimits`: 100 … fs/2 − 50) */
  limits: { min: number; max: number };
  /** the band in use, Hz [low, high] */
  band: [number, number];
  /** called with the new band once the user lets go of a handle (low < high) */
  onChange: (band: [number, number]) => void;
  testId: string;
}

/**
 * The envelope's band-pass slider (spec 002 "Chart controls", Envelope): shows the band while it
 * is dragged, applies it on release in 10 Hz steps, so one drag is one analysis request. Used by
 * the tri-axial envelope panel and the Duck view.
 */
export function EnvelopeBandSlider({ limits, band, onChange, testId }: Props) {
  const { t } = useTranslation('charts');
  const [draft, setDraft] = useState<[number, number]>(band);
  return (
    <Flex align="center" gap={8} style={{ flex: '1 1 280px', minWidth: 240 }}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {t('envelope.band', { low: draft[0], high: draft[1] })}
      </Typography.Text>
      <Slider
        range
        min={limits.min}
        max={limits.max}
        step={10}
        value={draft}
        onChange={(v) => setDraft([v[0], v[1]])}
        onChangeComplete={(v) => v[0] < v[1] && onChange([v[0], v[1]])}
        style={{ flex: 1, margin: '0 8px' }}
        aria-label={t('envelope.bandpass')}
        data-testid={testId}
      />
    </Flex>
  );
}
