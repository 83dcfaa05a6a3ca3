import { useCallback, useEffect, useReducer, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { isApiError } from '../../core/api/ApiError';
import { lastMeasurementStore, measurementPath } from '../measurements/lastMeasurement';
import { MEASUREMENT_LISTS } from '../measurements/measurementsApi';
import { TREE_QUERY_KEY } from '../tree/treeApi';
import { routingQueryKey } from '../points/pointApi';
import { initialLiveState, isRunning, liveReducer, liveTimer, type LiveState } from './liveReducer';
import { openLiveConnection, type LiveConnection } from './liveConnection';

/** After a measurement is stored, when its point's health reflects its alarms, ms. */
const ALARM_SETTLE_MS = 2000;

/**
 * How long the outcome notifications stay, s (spec 000 §9: success 15000 ms, error 5000 ms). The
 * success one carries the link to the new measurement, and stays while hovered.
 */
export const LIVE_NOTIFICATION_S = { success: 15, error: 5 } as const;

export interface LiveTarget {
  pointId: string;
  /** Device document id (routing lookup refresh). */
  deviceId: string;
  macAddress: string;
  gateway: string;
  /**
   * A Duck (DUCKV1) is asked through `POST /duck/{mac}/measure` (spec 000 §7; it is its own
   * gateway), a Senseway sensor through `POST /iot/{pointId}/measure`.
   */
  duck?: boolean;
}

export interface LiveMeasurement {
  state: LiveState;
  start(tags: string[]): void;
  cancel(): void;
  /** Forgets a finished outcome (before the dialog opens again). */
  reset(): void;
}

/**
 * Runs a live measurement (spec 000 §4): signed URL, live connection and subscription, 60 s timer,
 * `POST /iot/{pointId}/measure` (a Duck: `POST /duck/{mac}/measure`), then follows the live events
 * until persisted, rejected, timeout, failure or cancel, and reports the outcome as the spec says.
 */
export function useLiveMeasurement(target: LiveTarget): LiveMeasurement {
  const { t } = useTranslation('live');
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(liveReducer, initialLiveState);
  const connection = useRef<LiveConnection | null>(null);
  const run = useRef(0);

  const closeConnection = useCallback(() => {
    connection.current?.close();
    connection.current = null;
  }, []);

  const start = useCallback(
    (tags: string[]) => {
      const myRun = ++run.current;
      const current = () => run.current === myRun;
      dispatch({ type: 'start' });
      void (async () => {
        try {
          const { url } = await callEndpoint(ENDPOINTS.getBrokerUrl);
          if (!current()) return;
          const conn = await openLiveConnection(url, target.gateway, target.macAddress, {
            onMessage: (m) => current() && dispatch({ type: 'message', ...m }),
            onLost: (reason) => current() && dispatch({ type: 'failed', error: reason }),
          });
          if (!current()) return conn.close();
          connection.current = conn;
          const { _id } = target.duck
            ? await callEndpoint(ENDPOINTS.measureDuck, {
                params: { mac: target.macAddress },
                body: { tags, pointId: target.pointId },
              })
            : await callEndpoint(ENDPOINTS.measurePoint, {
                params: { pointId: target.pointId },
                body: { tags, gateway: target.gateway },
              });
          if (current()) dispatch({ type: 'requested', id: _id });
        } catch (e) {
          // An API failure was already shown by the client (the measure request's own message).
          if (current()) dispatch({ type: 'failed', error: e instanceof Error ? e.message : undefined, shown: isApiError(e) });
        }
      })();
    },
    [target.gateway, target.macAddress, target.pointId, target.duck],
  );

  const cancel = useCallback(() => dispatch({ type: 'cancel' }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  // One timer per group of phases: the 60 s request timer survives connecting → requested.
  const timer = liveTimer(state.phase);
  useEffect(() => {
    if (!timer) return;
    const id = setTimeout(() => dispatch({ type: 'timeout' }), timer.ms);
    return () => clearTimeout(id);
    // Restarted only when the timer group changes, not on every phase.
  }, [timer?.name, timer?.ms]);

  // Outcome: notify, remember, refresh, close the live connection.
  useEffect(() => {
    if (state.phase === 'idle' || isRunning(state.phase)) return;
    run.current++;
    closeConnection();
    const refreshScan = () => void queryClient.invalidateQueries({ queryKey: routingQueryKey(target.deviceId) });
    switch (state.phase) {
      case 'persisted': {
        const id = state.measurementId!;
        const key = `measurement-${id}`;
        lastMeasurementStore.set(id);
        notification.success({
          key,
          title: t('persistedTitle'),
          description: (
            <a
              href={measurementPath(id)}
              data-testid="go-last-measurement"
              onClick={(e) => {
                e.preventDefault();
                notification.destroy(key);
                void navigate(measurementPath(id));
              }}
            >
              {t('measurements:goLastMeasurement')}
            </a>
          ),
          duration: LIVE_NOTIFICATION_S.success,
        });
        refreshScan();
        void queryClient.invalidateQueries(MEASUREMENT_LISTS);
        void queryClient.invalidateQueries({ queryKey: TREE_QUERY_KEY });
        // and once its alarms are evaluated (the evaluator follows persistence by milliseconds)
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: TREE_QUERY_KEY }), ALARM_SETTLE_MS);
        break;
      }
      case 'rejected':
        notification.error({
          title: t('measurementError'),
          description: state.error ?? t('rejectedNoReason'),
          duration: LIVE_NOTIFICATION_S.error,
        });
        refreshScan();
        break;
      case 'timeout':
        void message.error(t('iotTimeout'));
        refreshScan();
        break;
      case 'failed':
        if (!state.errorShown) void message.error(t('somethingWentWrong'));
        refreshScan();
        break;
      case 'cancelled':
        refreshScan();
        break;
    }
    // Runs once per outcome; the other values are read as they are at that moment.
  }, [state.phase]);

  useEffect(
    () => () => {
      run.current++;
      closeConnection();
    },
    [closeConnection],
  );

  return { state, start, cancel, reset };
}
