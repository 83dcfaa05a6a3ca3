import { useCallback, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { ExperimentOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Point } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { MeasureDialog } from '../live-measurement/MeasureDialog';
import { useLiveMeasurement } from '../live-measurement/useLiveMeasurement';
import { BATTERY_TAG_COLORS, batteryLevel, canMeasure, latestRoutingEntry } from '../points/gatewayStatus';
import { GatewayStatusTag } from './GatewayStatusTag';
import { useRoutingLookupQuery } from '../points/pointApi';
import { hasPermission, useSession } from '../../core/session';
import { useDucksQuery } from '../ducks/ducksApi';
import { SignalQuality } from '../points/SignalQuality';

type Device = NonNullable<Point['device']>;

/** How long the 'no routing found' hint stays after a refresh (spec 000 §9: 3000 ms). */
const NO_ROUTING_HINT_S = 3;

/**
 * Connectivity of a point's sensor (spec 000 §4): device and gateway, the gateway's status from
 * the latest scan with the signal quality, the battery level (routing lookup `batteryLevel`, volts,
 * shown as its level; "not reported" while the sensor never sent one), refresh, and the Measure
 * button (enabled only when the gateway is ready or connected).
 */
export function ConnectivitySection({ point }: { point: Point }) {
  const { t } = useTranslation('point');
  if (!point.device)
    return (
      <Card size="small" title={t('connectivity')}>
        <Alert type="info" showIcon title={t('errors:NO_DEVICE')} />
      </Card>
    );
  return <DeviceConnectivity point={point} device={point.device} />;
}

function DeviceConnectivity({ point, device }: { point: Point; device: Device }) {
  const { t } = useTranslation('point');
  const formatDate = useDateFormatter();
  const { message } = App.useApp();
  const routing = useRoutingLookupQuery(device._id);
  const entries = routing.data?.data ?? [];
  const latest = latestRoutingEntry(entries);
  // a Duck is its own gateway (senseway-gateway.md §10)
  const duck = device.type === 'DUCKV1';
  const gateway = duck ? device.macAddress : (latest?._id.gateway ?? device.gateway ?? '');
  const status = latest?.status;

  const live = useLiveMeasurement({ pointId: point._id, deviceId: device._id, macAddress: device.macAddress, gateway, duck });
  const [dialogOpen, setDialogOpen] = useState(false);
  const closeDialog = useCallback(() => setDialogOpen(false), []);

  const battery = routing.data?.batteryLevel ?? null;
  // A Duck is no gateway's scanned sensor: it is asked directly, its last connection is its state.
  const session = useSession();
  const ducks = useDucksQuery(duck && hasPermission(session, 'readGateway'));
  const duckConnected = ducks.data?.find((d) => d.macAddress.toLowerCase() === device.macAddress.toLowerCase())?.connectionDate;
  const measureEnabled = duck || (canMeasure(status) && !!gateway);

  return (
    <Card
      size="small"
      title={t('connectivity')}
      data-testid="connectivity"
      extra={
        <Flex gap={8}>
          <Tooltip title={t('refreshStatus')}>
            <Button
              icon={<ReloadOutlined spin={routing.isFetching} />}
              onClick={() =>
                void routing.refetch().then((r) => {
                  if (r.data && r.data.data.length === 0) void message.warning(t('noRoutingFound'), NO_ROUTING_HINT_S);
                })
              }
              aria-label={t('refreshStatus')}
              data-testid="routing-refresh"
            />
          </Tooltip>
          <Tooltip title={measureEnabled ? undefined : t('measureDisabledHint')}>
            <Button
              type="primary"
              icon={<ExperimentOutlined />}
              disabled={!measureEnabled}
              onClick={() => {
                live.reset();
                setDialogOpen(true);
              }}
              data-testid="measure-button"
            >
              {t('measure')}
            </Button>
          </Tooltip>
        </Flex>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        items={[
          { key: 'device', label: t('deviceMac'), children: <span className="mono">{device.macAddress}</span> },
          { key: 'gateway', label: t('gatewayMac'), children: <span className="mono">{gateway || t('noGateway')}</span> },
          ...(duck
            ? [
                {
                  key: 'duckConnection',
                  label: t('duckLastConnection'),
                  children: duckConnected ? formatDate(duckConnected) : t('duckNeverConnected'),
                },
              ]
            : [
                {
                  key: 'status',
                  label: t('status'),
                  children: status ? (
                    <GatewayStatusTag status={status} />
                  ) : (
                    <Typography.Text type="secondary">{t('noStatus')}</Typography.Text>
                  ),
                },
              ]),
          ...(latest
            ? [
                { key: 'signal', label: t('signalQuality'), children: <SignalQuality rssi={latest.rssi} /> },
                { key: 'scannedAt', label: t('scannedAt'), children: formatDate(latest.scannedAt) },
              ]
            : []),
          // once the lookup answered; a Duck (mains-powered, its own gateway) only when it reported one
          ...(!routing.data || (duck && battery === null)
            ? []
            : [
                {
                  key: 'battery',
                  label: t('battery'),
                  children: <BatteryLevelValue volts={battery} at={routing.data?.batteryLevelDate} />,
                },
              ]),
        ]}
      />
      {!duck && routing.isSuccess && entries.length === 0 && (
        <Alert type="warning" showIcon title={t('noRoutingFound')} style={{ marginTop: 8 }} data-testid="no-routing" />
      )}
      <MeasureDialog open={dialogOpen} onClose={closeDialog} live={live} pointName={point.name} />
    </Card>
  );
}

/**
 * The sensor's battery (spec 000 §4 "Battery level from volts"): its level as a coloured tag, the
 * voltage and when it was reported; "not reported" while `volts` is null.
 */
function BatteryLevelValue({ volts, at }: { volts: number | null; at: string | null | undefined }) {
  const { t } = useTranslation('point');
  const formatDate = useDateFormatter();
  if (volts === null)
    return (
      <Typography.Text type="secondary" data-testid="battery-level" data-level="none">
        {t('batteryNotReported')}
      </Typography.Text>
    );
  const level = batteryLevel(volts);
  return (
    <Space size={6} wrap data-testid="battery-level" data-level={level}>
      <Tag color={BATTERY_TAG_COLORS[level]}>{t(`batteryLevel.${level}`)}</Tag>
      <span>{t('batteryVolts', { volts: volts.toFixed(2) })}</span>
      {at && <Typography.Text type="secondary">{formatDate(at)}</Typography.Text>}
    </Space>
  );
}
