import { Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../core/session';
import { ChannelGroupSection } from './ChannelGroupSection';
import { DeviceSection } from './DeviceSection';
import { PeriodicSection } from './PeriodicSection';
import { ProfileSection } from './ProfileSection';
import { TriggerSection } from './TriggerSection';
import { usePointConfigQuery } from './pointConfigApi';

/**
 * The point's configuration card (spec 001 §2 "Configuration card"): device, profile, periodic and
 * trigger; for a duck (DUCKV1) the channel-group picker replaces profile, periodic and trigger.
 * Connectivity stays in the point tab's connectivity section (point-detail). Save buttons need
 * updatePointConfig, deletes deletePointConfig; profile, periodic and trigger need a device first.
 * Every save and delete is confirmed by a success message (the sections' mutation hooks).
 */
export function PointConfigCard({ pointId }: { pointId: string }) {
  const { t } = useTranslation('pointConfig');
  const session = useSession();
  const q = usePointConfigQuery(pointId);
  const canUpdate = hasPermission(session, 'updatePointConfig');
  const canDelete = hasPermission(session, 'deletePointConfig');
  const section = (title: string) => (
    <Typography.Title level={5} style={{ marginTop: 12 }}>
      {title}
    </Typography.Title>
  );

  return (
    <Card size="small" title={t('title')} data-testid="point-config">
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : q.isError ? (
        <Result status="warning" title={t('loadFailed')} />
      ) : (
        <>
          {section(t('device'))}
          <DeviceSection pointId={pointId} config={q.data} canUpdate={canUpdate} canDelete={canDelete} />
          {q.data.device?.kind === 'DUCK' ? (
            <>
              {section(t('channelGroups'))}
              <ChannelGroupSection pointId={pointId} config={q.data} canUpdate={canUpdate} />
            </>
          ) : (
            <>
              {section(t('profile'))}
              <ProfileSection pointId={pointId} config={q.data} canUpdate={canUpdate} canDelete={canDelete} />
              {/* These two sections carry their own titles. */}
              <PeriodicSection pointId={pointId} hasDevice={!!q.data.device} />
              <TriggerSection pointId={pointId} hasDevice={!!q.data.device} />
            </>
          )}
        </>
      )}
    </Card>
  );
}
