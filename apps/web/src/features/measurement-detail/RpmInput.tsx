import { hzToRpm, rpmToHz } from '@overtone/dsp';
import { Button, InputNumber, Space, Tooltip, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** RPM is 60 times the reference frequency in Hz (spec 002 §3). */

/** Rounds for display without trailing float noise (1499.9999999 → 1500). */
const round = (v: number, digits: number) => Number.parseFloat(v.toFixed(digits));

interface Props {
  /** Reference frequency in use, in Hz. */
  valueHz: number;
  /** The point's reference frequency in Hz, restored by the reset button. */
  defaultHz: number;
  /** New reference frequency in Hz; `null` resets to the point's. */
  onChange: (hz: number | null) => void;
}

/**
 * Rotation speed of the machine in RPM; the charts use it as reference frequency (Hz = RPM / 60).
 * The reset button goes back to the point's reference frequency.
 */
export function RpmInput({ valueHz, defaultHz, onChange }: Props) {
  const { t } = useTranslation('measurementDetail');
  const changed = round(valueHz, 6) !== round(defaultHz, 6);
  return (
    <Space size={4} align="center" data-testid="rpm-control">
      <Typography.Text type="secondary">{t('rpm.label')}</Typography.Text>
      <InputNumber<number>
        size="small"
        min={0}
        max={1_000_000}
        step={1}
        value={round(hzToRpm(valueHz), 2)}
        // Spec 002 §5: the reference frequency is parsed as a float.
        parser={(text) => Number.parseFloat((text ?? '').replace(',', '.')) || 0}
        onChange={(rpm) => onChange(rpm === null ? null : rpmToHz(Math.max(0, rpm)))}
        style={{ width: 110 }}
        aria-label={t('rpm.label')}
        data-testid="rpm-input"
      />
      <Typography.Text type="secondary" data-testid="rpm-hz">
        {t('rpm.hz', { value: round(valueHz, 3) })}
      </Typography.Text>
      <Tooltip title={t('rpm.reset')}>
        <Button
          size="small"
          type="text"
          icon={<UndoOutlined />}
          disabled={!changed}
          onClick={() => onChange(null)}
          aria-label={t('rpm.reset')}
          data-testid="rpm-reset"
        />
      </Tooltip>
    </Space>
  );
}
