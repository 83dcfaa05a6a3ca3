import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeasurementDetail } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { MeasurementTypeTag } from '../measurements/MeasurementTags';

/** Detail table (spec 002 §2): created time, gateway, MAC address, type, rates, size, range. */
export function MeasurementInfoTable({ m }: { m: MeasurementDetail }) {
  const { t } = useTranslation('measurementDetail');
  const formatDate = useDateFormatter();
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      data-testid="measurement-info"
      items={[
        { key: 'createdAt', label: t('info.createdAt'), children: formatDate(m.createdAt) },
        ...(m.startedAt ? [{ key: 'startedAt', label: t('info.startedAt'), children: formatDate(m.startedAt) }] : []),
        { key: 'gateway', label: t('info.gateway'), children: <span className="mono">{m.gateway ?? ''}</span> },
        { key: 'macAddress', label: t('info.macAddress'), children: <span className="mono">{m.macAddress}</span> },
        { key: 'type', label: t('info.type'), children: <MeasurementTypeTag type={m.measurementType} /> },
        { key: 'upload', label: t('info.upload'), children: m.upload ? t('common:yes') : t('common:no') },
        {
          key: 'calibratedSamplingRate',
          label: t('info.calibratedSamplingRate'),
          children: m.calibratedSamplingRate ? t('info.hz', { value: m.calibratedSamplingRate.toFixed(2) }) : '',
        },
        { key: 'sampleSize', label: t('info.sampleSize'), children: m.profile.sampleSize },
        {
          key: 'range',
          label: t('info.accelerometerRange'),
          children: t('info.rangeG', { value: m.profile.accelerometerRange.value }),
        },
      ]}
    />
  );
}
