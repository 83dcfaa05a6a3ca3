import { useState } from 'react';
import { Badge, Button, Empty, Flex, List, Popover, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HealthState, NotificationItem } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { HEALTH_COLORS } from '../../ui/health';
import { useDateFormatter } from '../../ui/formatDate';
import { telemetryLabel } from '../telemetry/telemetryName';
import { useMarkNotificationsRead, useNotificationsQuery } from './notificationsApi';

/**
 * The header's notification bell (spec 002 §2 Preferences "Notification receivers"; docs/alarms.md
 * "Notifications"): the unread count on a bell; opened, the caller's newest alarm notifications
 * (level, alarm name, point — or the gateway for a Senseway-disconnected alarm —, telemetry, time in
 * the customer's zone and date format), unread ones in bold. Clicking one marks it read and opens its
 * measurement when it has one; "Mark all as read" marks every one. Shown only with readAlarm.
 */
export function NotificationBell() {
  const session = useSession();
  const allowed = hasPermission(session, 'readAlarm');
  const { t } = useTranslation(['shell', 'alarms', 'telemetryNames']);
  const [open, setOpen] = useState(false);
  const q = useNotificationsQuery(allowed);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const formatDate = useDateFormatter();
  if (!allowed) return null;
  const unread = q.data?.unread ?? 0;
  const items = q.data?.notifications ?? [];

  const where = (n: NotificationItem) =>
    n.kind === 'gatewayDisconnected' ? t('shell:notifications.gateway', { mac: n.macAddress }) : (n.point?.name ?? '');
  const openItem = (n: NotificationItem) => {
    if (!n.read) markRead.mutate([n._id]);
    if (n.measurementId) {
      setOpen(false);
      void navigate(`/measurement/${encodeURIComponent(n.measurementId)}`);
    }
  };

  const content = (
    <div style={{ width: 360, maxHeight: 420, overflowY: 'auto' }} data-testid="notifications-panel">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('shell:notifications.title')}</Typography.Text>
        <Button
          size="small"
          type="link"
          disabled={!unread}
          onClick={() => markRead.mutate(undefined)}
          data-testid="notifications-read-all"
        >
          {t('shell:notifications.markAllRead')}
        </Button>
      </Flex>
      {items.length ? (
        <List
          size="small"
          dataSource={items}
          renderItem={(n) => (
            <List.Item
              key={n._id}
              onClick={() => openItem(n)}
              style={{ cursor: 'pointer', fontWeight: n.read ? 'normal' : 600 }}
              data-testid={`notification-${n._id}`}
              data-read={n.read}
            >
              <Flex vertical gap={2} style={{ width: '100%' }}>
                <Flex gap={8} align="center">
                  <Tag color={HEALTH_COLORS[n.level.name as HealthState] ?? HEALTH_COLORS.unknown}>
                    {t(`alarms:levels.${n.level.name}`, { defaultValue: n.level.name })}
                  </Tag>
                  <Typography.Text ellipsis style={{ fontWeight: 'inherit' }}>
                    {n.name}
                  </Typography.Text>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[where(n), n.kind === 'gatewayDisconnected' ? null : telemetryLabel(t, n.telemetry), formatDate(n.createdAt)]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell:notifications.empty')} />
      )}
    </div>
  );

  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Button
        type="text"
        aria-label={unread ? t('shell:notifications.unreadLabel', { count: unread }) : t('shell:notifications.title')}
        data-testid="notification-bell"
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
