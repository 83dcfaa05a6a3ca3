import { Flex, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Hz; 0 when unknown. */
  value: number;
  onChange(hz: number): void;
  /** Highest accepted value, Hz (the analysis needs f_ref ≤ fs/2). */
  max?: number;
  testId: string;
}

/** Largest reference frequency the analysis accepts, Hz (the contract's limit). */
export const MAX_REFERENCE_HZ = 100_000;

/**
 * Reference frequency (running speed) of the polar and orbit charts, in Hz with its RPM; 0 shows
 * the red hint asking for the rotation speed (spec 002 §5, §8). The input is parsed as a float.
 */
export function ReferenceFrequencyInput({ value, onChange, max = MAX_REFERENCE_HZ, testId }: Props) {
  const { t } = useTranslation('analysisDomains');
  return (
    <Flex gap={8} align="center" wrap>
      <InputNumber<number>
        size="small"
        min={0}
        max={Math.min(max, MAX_REFERENCE_HZ)}
        step={0.5}
        value={value}
        onChange={(v) => onChange(typeof v === 'number' && Number.isFinite(v) ? v : 0)}
        parser={(s) => Number.parseFloat((s ?? '').replace(',', '.')) || 0}
        prefix={t('reference.label')}
        suffix={t('reference.hz')}
        style={{ width: 230 }}
        aria-label={t('reference.label')}
        data-testid={testId}
      />
      {value > 0 ? (
        <Typography.Text type="secondary">{t('reference.rpm', { rpm: (value * 60).toFixed(0) })}</Typography.Text>
      ) : (
        <Typography.Text type="danger" strong data-testid={`${testId}-hint`}>
          {t('reference.hint')}
        </Typography.Text>
      )}
    </Flex>
  );
}
