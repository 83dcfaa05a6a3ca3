import { App } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type DeviceKind, type PointProfileBody } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { pointQueryKey, routingQueryKey } from '../points/pointApi';

export const pointConfigKey = (pointId: string) => ['pointConfig', pointId] as const;

/** `GET /point/{id}/config`: device, profile, DUCKV1 channel groups. */
export const usePointConfigQuery = (pointId: string) =>
  useQuery({
    queryKey: pointConfigKey(pointId),
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS.getPointConfig, { params: { id: pointId } }, { signal }),
  });

/** `GET /device?macAddress=…`: the registry search (the server lists 10; typing a MAC finds others). */
export const useDeviceSearchQuery = (macAddress: string, kind?: DeviceKind) =>
  useQuery({
    queryKey: ['devices', 'search', macAddress, kind ?? null],
    queryFn: ({ signal }) =>
      callEndpoint(ENDPOINTS.listDevices, { query: { macAddress: macAddress || undefined, kind } }, { signal }),
    placeholderData: (prev) => prev,
  });

/** `GET /gateway`: the customer's gateways for the gateway select (all of them). */
export const useGatewayOptionsQuery = () =>
  useQuery({
    queryKey: ['gateways', 'options'],
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS.listGateways, {}, { signal }).then((r) => r.gateways),
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
      void qc.invalidateQueries({ queryKey: ['devices'] });
      if (config.device) void qc.invalidateQueries({ queryKey: routingQueryKey(config.device._id) });
    },
  });
}
