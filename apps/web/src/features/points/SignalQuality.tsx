import { Space, Typography } from 'antd';
import { WifiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { signalQuality, type SignalQuality as Quality } from './gatewayStatus';

const QUALITY_COLORS: Record<Quality, string> = {
  excellent: '#389e0d',
  good: '#7cb305',
  fair: '#d48806',
  poor: '#cf1322',
  unknown: '#8c8c8c',
};

/** RSSI in dBm with its signal-quality label. */
export function SignalQuality({ rssi }: { rssi: number | null }) {
  const { t } = useTranslation('point');
  const q = signalQuality(rssi);
  return (
    <Space size={6} data-testid="signal-quality" data-quality={q}>
      <WifiOutlined style={{ color: QUALITY_COLORS[q] }} />
      <Typography.Text style={{ color: QUALITY_COLORS[q] }}>{t(`signal.${q}`)}</Typography.Text>
      {rssi !== null && <Typography.Text type="secondary">{t('rssiValue', { rssi })}</Typography.Text>}
    </Space>
  );
}
