import { Descriptions, Flex, Space, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeasurementDetail, Point } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { MeasurementTypeTag } from '../measurements/MeasurementTags';
import { pointPathText } from '../measurements/pointPath';
import { referenceFrequencyParams } from '../points/referenceFrequency';

type Items = NonNullable<DescriptionsProps['items']>;

/**
 * Detail tables (spec 002 §2): created time, gateway, MAC address, type, upload, calibrated
 * sampling rate, sample size, accelerometer range; then the point info (from the point record when
 * it could be read, else the measurement's point path).
 */
export function MeasurementInfoTable({ m, point }: { m: MeasurementDetail; point?: Point }) {
  const { t } = useTranslation('measurementDetail');
  const formatDate = useDateFormatter();
  const items: Items = [
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
  ];
  return (
    <Flex vertical gap={12}>
      <Descriptions size="small" bordered column={1} data-testid="measurement-info" items={items} />
      {(point || m.point) && (
        <Descriptions
          size="small"
          bordered
          column={1}
          title={t('info.pointInfo')}
          data-testid="measurement-point-info"
          items={point ? pointItems(point, t) : [{ key: 'path', label: t('info.pointPath'), children: pointPathText(m.point) }]}
        />
      )}
    </Flex>
  );
}

function pointItems(p: Point, t: ReturnType<typeof useTranslation<'measurementDetail'>>['t']): Items {
  const bearing = p.bearing ? `${p.bearing.brand} ${p.bearing.bearing_number}` : (p.bearingBrand ?? '');
  const items: Items = [
    { key: 'path', label: t('info.pointPath'), children: pointPathText(p) },
    { key: 'tagCode', label: t('point:tagCode'), children: <span className="mono">{p.tagCode}</span> },
    {
      key: 'referenceFrequency',
      label: t('point:referenceFrequency'),
      children: p.referenceFrequencyVariable
        ? t('point:variableSpeed')
        : p.referenceFrequency > 0
          ? t('point:referenceFrequencyValue', referenceFrequencyParams(p.referenceFrequency))
          : t('point:notSet'),
    },
  ];
  if (p.type.length)
    items.push({
      key: 'types',
      label: t('point:types'),
      children: (
        <Space size={4} wrap>
          {p.type.map((ty) => (
            <Tag key={ty}>{t(`pointForm:pointType.${ty}`, { defaultValue: ty })}</Tag>
          ))}
        </Space>
      ),
    });
  if (bearing) items.push({ key: 'bearing', label: t('point:bearing'), children: bearing });
  if (p.machineType)
    items.push({
      key: 'machineType',
      label: t('pointForm:machineType'),
      children: t(`pointForm:machineTypes.${p.machineType}`, { defaultValue: p.machineType }),
    });
  if (p.driveType)
    items.push({
      key: 'driveType',
      label: t('pointForm:driveType'),
      children: t(`pointForm:driveTypes.${p.driveType}`, { defaultValue: p.driveType }),
    });
  if (p.transmissionType)
    items.push({
      key: 'transmissionType',
      label: t('pointForm:transmissionType'),
      children: t(`pointForm:transmissionTypes.${p.transmissionType}`, { defaultValue: p.transmissionType }),
    });
  if (p.numberOfGearTeethAtDriverShaft !== null)
    items.push({ key: 'teeth', label: t('info.driverShaftTeeth'), children: p.numberOfGearTeethAtDriverShaft });
  const faults = p.previousFaults.filter((f) => f !== 'None');
  if (faults.length)
    items.push({
      key: 'previousFaults',
      label: t('pointForm:previousFaults'),
      children: faults.map((f) => t(`pointForm:previousFault.${f}`, { defaultValue: f })).join(', '),
    });
  if (p.lastMaintenanceDate)
    items.push({ key: 'lastMaintenanceDate', label: t('pointForm:lastMaintenanceDate'), children: p.lastMaintenanceDate });
  return items;
}
