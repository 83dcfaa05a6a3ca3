import { App } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceList, gatewayListResponse, pointConfig, type DeviceKind, type PointProfileBody } from '@overtone/contract';
import { apiRequest } from '../../core/api/apiClient';
import { pointQueryKey, routingQueryKey } from '../points/pointApi';

export const pointConfigKey = (pointId: string) => ['pointConfig', pointId] as const;

/** `GET /point/{id}/config`: device, profile, DUCKV1 channel groups. */
export const usePointConfigQuery = (pointId: string) =>
  useQuery({
    queryKey: pointConfigKey(pointId),
    queryFn: ({ signal }) => apiRequest(`/point/${encodeURIComponent(pointId)}/config`, { schema: pointConfig, signal }),
  });

/** `GET /device?macAddress=…`: the registry search (the server lists 10; typing a MAC finds others). */
export const useDeviceSearchQuery = (macAddress: string, kind?: DeviceKind) =>
  useQuery({
    queryKey: ['devices', 'search', macAddress, kind ?? null],
    queryFn: ({ signal }) =>
      apiRequest('/device', { query: { macAddress: macAddress || undefined, kind }, schema: deviceList, signal }),
    placeholderData: (prev) => prev,
  });

/** `GET /gateway`: the customer's gateways for the gateway select (all of them). */
export const useGatewayOptionsQuery = () =>
  useQuery({
    queryKey: ['gateways', 'options'],
    queryFn: ({ signal }) => apiRequest('/gateway', { schema: gatewayListResponse, signal }).then((r) => r.gateways),
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
  const base = `/point/${encodeURIComponent(pointId)}`;
  return useMutation({
    mutationFn: (c: Change) => {
      switch (c.kind) {
        case 'device':
          return apiRequest(`${base}/device`, { method: 'PUT', body: c.body, schema: pointConfig });
        case 'deleteDevice':
          return apiRequest(`${base}/device`, { method: 'DELETE', schema: pointConfig });
        case 'profile':
          return apiRequest(`${base}/profile`, { method: 'PUT', body: c.body, schema: pointConfig });
        case 'deleteProfile':
          return apiRequest(`${base}/profile`, { method: 'DELETE', schema: pointConfig });
        case 'channelGroup':
          return apiRequest(`${base}/channelGroup`, { method: 'PUT', body: c.body, schema: pointConfig });
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
