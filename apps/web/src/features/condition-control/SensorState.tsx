import { Alert, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConditionSensor } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { BATTERY_TAG_COLORS, batteryLevel } from '../points/gatewayStatus';
import { SignalQuality } from '../points/SignalQuality';
import { OpenReportsList } from './ConditionLists';

/**
 * The sensor's state: device, battery voltage and its level (spec 001 §4 thresholds 3.1, 3.2, 3.4 V),
 * signal quality of its latest scan (RSSI thresholds −55, −65, −80 dBm), last measurement and the
 * open sensor-integrity reports of the diagnosis. A point without a device says what to do.
 */
export function SensorState({ sensor }: { sensor: ConditionSensor }) {
  const { t } = useTranslation('condition');
  const formatDate = useDateFormatter();
  if (!sensor.device)
    return (
      <Alert
        type="info"
        showIcon
        title={t('sensor.noDevice')}
        description={t('sensor.noDeviceHint')}
        data-testid="condition-no-device"
      />
    );
  const level = sensor.battery ? batteryLevel(sensor.battery.volts) : null;
  return (
    <Flex vertical gap={8}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'device',
            label: t('sensor.device'),
            children: (
              <>
                <Typography.Text className="mono">{sensor.device.macAddress}</Typography.Text>
              </>
            ),
          },
          {
            key: 'battery',
            label: t('sensor.battery'),
            children: (
              <>
                {sensor.battery && level ? (
                  <Space size={6} wrap data-testid="condition-battery" data-level={level}>
                    <Typography.Text className="mono">
                      {t('sensor.volts', { volts: sensor.battery.volts.toFixed(2) })}
                    </Typography.Text>
                    <Tag color={BATTERY_TAG_COLORS[level]}>{t(`sensor.batteryLevel.${level}`)}</Tag>
                    <Typography.Text type="secondary">{formatDate(sensor.battery.at)}</Typography.Text>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('sensor.noBattery')}</Typography.Text>
                )}
              </>
            ),
          },
          {
            key: 'signal',
            label: t('sensor.signal'),
            children: (
              <>
                {sensor.signal ? (
                  <Space size={6} wrap data-testid="condition-signal">
                    <SignalQuality rssi={sensor.signal.rssi} />
                    <Typography.Text type="secondary">
                      {t('sensor.scan', { gateway: sensor.signal.gateway, date: formatDate(sensor.signal.scannedAt) })}
                    </Typography.Text>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('sensor.noScan')}</Typography.Text>
                )}
              </>
            ),
          },
          {
            key: 'lastMeasurement',
            label: t('sensor.lastMeasurement'),
            children: (
              <>
                {sensor.lastMeasurement ? (
                  <Link to={`/measurement/${sensor.lastMeasurement._id}`} data-testid="condition-last-measurement">
                    {formatDate(sensor.lastMeasurement.at)}
                  </Link>
                ) : (
                  <Typography.Text type="secondary" data-testid="condition-no-measurement">
                    {t('sensor.noMeasurement')}
                  </Typography.Text>
                )}
              </>
            ),
          },
        ]}
      />
      <Typography.Text strong>{t('sensor.integrity')}</Typography.Text>
      {sensor.integrityReports === null ? (
        <Typography.Text type="secondary">{t('reports.noPermission')}</Typography.Text>
      ) : sensor.integrityReports.length ? (
        <OpenReportsList reports={sensor.integrityReports} testId="condition-integrity" />
      ) : (
        <Typography.Text type="secondary" data-testid="condition-integrity-ok">
          {t('sensor.integrityOk')}
        </Typography.Text>
      )}
    </Flex>
  );
}
