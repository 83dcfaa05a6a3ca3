import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeasurementListItem } from '@overtone/contract';

const TYPE_COLORS: Record<MeasurementListItem['measurementType'], string> = {
  MANUAL: 'blue',
  PERIODIC: 'geekblue',
  TRIGGERED: 'purple',
};

/** MANUAL / PERIODIC / TRIGGERED, translated. */
export function MeasurementTypeTag({ type }: { type: MeasurementListItem['measurementType'] }) {
  const { t } = useTranslation('measurements');
  return (
    <Tag color={TYPE_COLORS[type]} data-testid={`measurement-type-${type}`}>
      {t(`type.${type}`)}
    </Tag>
  );
}

/** Partial and error markers of a measurement (nothing for a complete one). */
export function MeasurementStateTags({ item }: { item: Pick<MeasurementListItem, 'partial' | 'error' | 'state'> }) {
  const { t } = useTranslation('measurements');
  const inProgress = item.state === 'requested' || item.state === 'accepted' || item.state === 'receiving';
  if (!item.partial && !item.error && !inProgress) return null;
  return (
    <Space size={4}>
      {item.partial && (
        <Tooltip title={t('partialHint')}>
          <Tag color="warning">{t('state.partial')}</Tag>
        </Tooltip>
      )}
      {item.error && (
        <Tooltip title={item.error}>
          <Tag color="error">{t('state.error')}</Tag>
        </Tooltip>
      )}
      {inProgress && !item.error && <Tag color="processing">{t('state.inProgress')}</Tag>}
    </Space>
  );
}
