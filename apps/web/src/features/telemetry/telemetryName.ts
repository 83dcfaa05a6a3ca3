import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { builtInTelemetryDisplayName, telemetryKindOf } from '@overtone/contract';
import { useTelemetryQuery } from './telemetryApi';

/**
 * What a telemetry is called on screen: a built-in telemetry (contract BUILT_IN_TELEMETRY) whose
 * definition keeps its default name is named in the user's language (namespace `telemetryNames`);
 * so is a code the sensor's firmware reports (SUM, TEMPERATURE) while it has no other name; a name
 * the customer gave, or a telemetry of its own, is shown as the customer wrote it; never the raw
 * code when a name is known.
 * @param t any translation function (the namespace is named in the key)
 * @param name the telemetry's code (`CREST_STAR`)
 * @param displayName the customer's display name for it, when known
 */
export function telemetryLabel(t: TFunction, name: string, displayName?: string | null): string {
  const builtIn = builtInTelemetryDisplayName(name);
  if (builtIn !== undefined && (!displayName || displayName === builtIn))
    return t(`telemetryNames:${name}`, { defaultValue: builtIn });
  // a code shown as itself (the firmware's own telemetry: SUM, TEMPERATURE, PRESSURE …) has a name too
  const device = telemetryKindOf(name)?.displayName;
  if (!displayName || displayName === name || displayName === device)
    return t(`telemetryNames:${name}`, { defaultValue: device ?? name });
  return displayName;
}

/**
 * {@link telemetryLabel} with the customer's definitions (`GET /telemetry`) looked up by code, for
 * lists that carry only the code (alarm transactions, filters).
 * @param readDefinitions false where the session may not read them (a share link): built-in names only
 */
export function useTelemetryLabel(readDefinitions = true): (name: string) => string {
  const { t } = useTranslation('telemetryNames');
  const definitions = useTelemetryQuery(readDefinitions);
  return useCallback(
    (name: string) => telemetryLabel(t, name, definitions.data?.find((d) => d.name === name)?.displayName),
    [t, definitions.data],
  );
}
