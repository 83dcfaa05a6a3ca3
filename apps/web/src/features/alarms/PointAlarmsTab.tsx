import { Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../core/session';
import { usePointQuery } from '../points/pointApi';
import { FrequencyPeakEditor } from './FrequencyPeakEditor';
import { MetricAlarmsList } from './MetricAlarmsList';

/**
 * The alarms tab of a point (spec 001 §2 Point detail tabs, Alarms): two sub-tabs, metric alarms and
 * envelope alarms (the frequency-peak alarm editor). Nothing is fetched without readAlarm (§6); the
 * actions follow createAlarm, updateAlarm and deleteAlarm. The point record (already loaded by the
 * point's tab) only names the sensor axes by the point's axis mapping. A sub-tab is loaded when first
 * opened and stays mounted, so unsaved envelope-alarm edits survive switching between them.
 */
export function PointAlarmsTab({ pointId }: { pointId: string }) {
  const { t } = useTranslation('alarms');
  const session = useSession();
  const canRead = hasPermission(session, 'readAlarm');
  const point = usePointQuery(canRead ? pointId : undefined, { silent: true });

  if (!canRead) return <Result status="info" title={t('noPermission')} data-testid="alarms-no-permission" />;
  return (
    <Tabs
      data-testid="point-alarms-tab"
      items={[
        {
          key: 'metric',
          label: t('tabs.metric'),
          children: <MetricAlarmsList pointId={pointId} point={point.data} />,
        },
        {
          key: 'envelope',
          label: t('tabs.envelope'),
          children: <FrequencyPeakEditor pointId={pointId} point={point.data} />,
        },
      ]}
    />
  );
}
