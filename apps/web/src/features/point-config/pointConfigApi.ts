import { App } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type DeviceKind, type EndpointAnswer, type PointProfileBody } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey, endpointsFilter } from '../../core/api/endpointQuery';
import { pointQueryKey, routingQueryKey } from '../points/pointApi';

/** The key of a point's configuration (`GET /point/{id}/config`); a change's answer replaces it. */
export const pointConfigKey = (pointId: string) => endpointQueryKey(ENDPOINTS.getPointConfig, { params: { id: pointId } });

/**
 * Every read of the device registry the app makes (`GET /device`: this card's search, the admin's
 * sensors list): stale once a device is assigned, removed or claimed.
 */
export const DEVICE_READS = endpointsFilter([ENDPOINTS.listDevices]);

/** `GET /point/{id}/config`: device, profile, DUCKV1 channel groups. */
export const usePointConfigQuery = (pointId: string) =>
  useQuery(endpointQuery(ENDPOINTS.getPointConfig, { params: { id: pointId } }));

/** `GET /device?macAddress=…`: the registry search (the server lists 10; typing a MAC finds others). */
export const useDeviceSearchQuery = (macAddress: string, kind?: DeviceKind) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listDevices, { query: { macAddress: macAddress || undefined, kind } }),
    placeholderData: (prev) => prev,
  });

/** The gateways of a `GET /gateway` answer (module-level: a stable `select`). */
const gatewaysOf = (r: EndpointAnswer<typeof ENDPOINTS.listGateways>) => r.gateways;

/** `GET /gateway`: the customer's gateways for the gateway select (all of them). */
export const useGatewayOptionsQuery = () =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listGateways),
    select: gatewaysOf,
    staleTime: 60_000,
  });

type Change =
  | { kind: 'device'; body: { macAddress: string; gateway: string | null } }
  | { kind: 'deleteDevice' }
  | { kind: 'profile'; body: PointProfileBody }
  | { kind: 'deleteProfile' }
  | { kind: 'channelGroup'; body: { channelGroups: string[] } };

/** Whether a change removes something (its success says "deleted", otherwise "saved"). */
const isDelete = (c: Change) => c.kind === 'deleteDevice' || c.kind === 'deleteProfile';

/**
 * One mutation for every change of the card: it answers the new configuration, which replaces the
 * cached one; the point record, the registry and the routing lookup are refetched, and a success
 * message says it is done ("saved" or "deleted").
 */
export function usePointConfigMutation(pointId: string) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('pointConfig');
  const params = { id: pointId };
  return useMutation({
    mutationFn: (c: Change) => {
      switch (c.kind) {
        case 'device':
          return callEndpoint(ENDPOINTS.setPointDevice, { params, body: c.body });
        case 'deleteDevice':
          return callEndpoint(ENDPOINTS.removePointDevice, { params });
        case 'profile':
          return callEndpoint(ENDPOINTS.setPointProfile, { params, body: c.body });
        case 'deleteProfile':
          return callEndpoint(ENDPOINTS.removePointProfile, { params });
        case 'channelGroup':
          return callEndpoint(ENDPOINTS.setPointChannelGroups, { params, body: c.body });
      }
    },
    onSuccess: (config, change) => {
      qc.setQueryData(pointConfigKey(pointId), config);
      void message.success(isDelete(change) ? t('deleted') : t('saved'));
      void qc.invalidateQueries({ queryKey: pointQueryKey(pointId) });
      void qc.invalidateQueries(DEVICE_READS);
      if (config.device) void qc.invalidateQueries({ queryKey: routingQueryKey(config.device._id) });
    },
  });
}
