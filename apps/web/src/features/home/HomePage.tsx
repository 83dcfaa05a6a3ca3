import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Empty, Grid, Layout, Skeleton, Tabs, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../core/session';
import { AssetTree } from '../tree/AssetTree';
import { DASHBOARD_READS, DashboardShownContext } from '../dashboard/dashboardApi';
import { MeasurementsTab } from '../measurements/MeasurementsTab';
import { PointTab } from '../point-detail/PointTab';
import { RoutesTab } from '../routes/RoutesTab';
import { useTreeQuery } from '../tree/treeApi';

/** The dashboard's own chunk (with ECharts behind it): the login page's JavaScript does not carry it. */
const DashboardTab = lazy(() => import('../dashboard/DashboardTab').then((m) => ({ default: m.DashboardTab })));

const DASHBOARD_TAB = 'dashboard';
const MEASUREMENTS_TAB = 'measurements';
const ROUTES_TAB = 'routes';
const POINT_PARAM = 'point';
const TAB_PARAM = 'tab';

/**
 * The home screen (spec 000 §2): collapsible asset tree on the left, tabs on the right: the
 * dashboard (readDashboard; the default tab when no point is open), the measurements list, the
 * routes (readRoute) and one closable tab for the opened point. The opened point and the active
 * tab are kept in the URL (`?point=…&tab=…`) so that a reload or a shared link keeps them. The
 * tree's checked points filter the dashboard; a hidden tree keeps its checked points (it stays
 * mounted). The dashboard is reloaded whenever the home view is created (spec 000 §2).
 */
export function HomePage() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const [params, setParams] = useSearchParams();
  const tree = useTreeQuery();
  const queryClient = useQueryClient();
  const [checkedPoints, setCheckedPoints] = useState<string[]>([]);
  // Reloads the dashboard with the home view (spec 000 §2): its cached answers turn stale before the
  // tab mounts (during the first render), so it fetches once, not twice.
  useState(() => void queryClient.invalidateQueries({ ...DASHBOARD_READS, refetchType: 'none' }));

  // The dashboard and the measurement list follow the checked points. Every point checked is the
  // same filter as none: sent as none, which keeps the URL of a large plant's calls short.
  const pointCount = useMemo(() => tree.data?.filter((n) => n.nodeType === 'point').length ?? 0, [tree.data]);
  const filterPoints = checkedPoints.length === pointCount ? null : checkedPoints;

  const pointId = params.get(POINT_PARAM);
  const pointName = useMemo(() => tree.data?.find((n) => n._id === pointId)?.name ?? t('point'), [tree.data, pointId, t]);
  const canReadMeasurements = hasPermission(session, 'readMeasurement');
  const pointKey = pointId ? `point:${pointId}` : null;
  const requested = params.get(TAB_PARAM);
  const canReadRoutes = hasPermission(session, 'readRoute');
  const canReadDashboard = hasPermission(session, 'readDashboard');
  const activeKey =
    requested === DASHBOARD_TAB && canReadDashboard
      ? DASHBOARD_TAB
      : requested === MEASUREMENTS_TAB && canReadMeasurements
        ? MEASUREMENTS_TAB
        : requested === ROUTES_TAB && canReadRoutes
          ? ROUTES_TAB
          : (pointKey ??
            (canReadDashboard ? DASHBOARD_TAB : canReadMeasurements ? MEASUREMENTS_TAB : canReadRoutes ? ROUTES_TAB : undefined));

  const update = (next: { point?: string | null; tab?: string | null }) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries({ [POINT_PARAM]: next.point, [TAB_PARAM]: next.tab }))
          if (v === null) out.delete(k);
          else if (v !== undefined) out.set(k, v);
        return out;
      },
      { replace: false },
    );

  const items = [
    ...(canReadDashboard
      ? [
          {
            key: DASHBOARD_TAB,
            label: <span data-testid="dashboard-tab-label">{t('dashboard:tab')}</span>,
            closable: false,
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
                <DashboardShownContext.Provider value={activeKey === DASHBOARD_TAB}>
                  <DashboardTab points={filterPoints} onOpenPoint={(id) => update({ point: id, tab: null })} />
                </DashboardShownContext.Provider>
              </Suspense>
            ),
          },
        ]
      : []),
    ...(canReadMeasurements
      ? [
          {
            key: MEASUREMENTS_TAB,
            label: t('measurementsTab'),
            closable: false,
            children: <MeasurementsTab points={filterPoints} />,
          },
        ]
      : []),
    ...(canReadRoutes ? [{ key: ROUTES_TAB, label: t('routes:tab'), closable: false, children: <RoutesTab /> }] : []),
    ...(pointId && pointKey
      ? [
          {
            key: pointKey,
            label: <span data-testid="point-tab-label">{pointName}</span>,
            closable: true,
            children: <PointTab key={pointId} pointId={pointId} />,
          },
        ]
      : []),
  ];

  const toggle = (
    <Tooltip title={collapsed ? t('showTree') : t('hideTree')}>
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => setCollapsed((c) => !c)}
        aria-label={collapsed ? t('showTree') : t('hideTree')}
        data-testid="tree-toggle"
        style={{ marginRight: 8 }}
      />
    </Tooltip>
  );

  return (
    <Layout style={{ background: 'transparent', gap: 12, flexDirection: screens.md ? 'row' : 'column' }}>
      <Card
        size="small"
        style={{
          display: collapsed ? 'none' : undefined,
          width: screens.md ? 340 : '100%',
          flexShrink: 0,
          alignSelf: 'flex-start',
          position: screens.md ? 'sticky' : 'static',
          top: 72,
        }}
        styles={{ body: { height: screens.md ? 'calc(100vh - 110px)' : 420, display: 'flex', flexDirection: 'column' } }}
      >
        <AssetTree
          selectedPointId={pointId}
          onOpenPoint={(id) => update({ point: id, tab: null })}
          onCheckedPointsChange={setCheckedPoints}
          onPointDeleted={(id) => {
            if (id === pointId) update({ point: null, tab: null });
          }}
        />
      </Card>
      <Layout.Content style={{ minWidth: 0, flex: 1 }}>
        <Card size="small" styles={{ body: { paddingTop: 4 } }}>
          {items.length ? (
            <Tabs
              type="editable-card"
              hideAdd
              activeKey={activeKey}
              items={items}
              tabBarExtraContent={{ left: toggle }}
              onChange={(key) => {
                // back on the dashboard: what happened meanwhile (a measurement, a repair) shows at once
                if (key === DASHBOARD_TAB) void queryClient.invalidateQueries(DASHBOARD_READS);
                update({ tab: key === DASHBOARD_TAB || key === MEASUREMENTS_TAB || key === ROUTES_TAB ? key : null });
              }}
              onEdit={(key, action) => {
                if (action === 'remove' && key === pointKey) update({ point: null, tab: null });
              }}
            />
          ) : (
            <>
              {toggle}
              <Empty description={t('selectPoint')} />
            </>
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
