import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { duckGroupCode } from '@overtone/contract';
import { useDucksQuery } from './ducksApi';

interface Props {
  /** the chosen groupCode (`1|2|3`), or null/undefined for none */
  value?: string | null;
  onChange?(groupCode: string | null): void;
  /** MAC address of the Duck whose sensors are offered (compared case-insensitively) */
  duckMac: string;
}

/**
 * Picks one channel group (a sensor's `groupCode`, spec 001 "DUCKV1", spec 002 §4) of a Duck, for
 * the point configuration: each option is a configured sensor, labelled by its display name, type
 * and channels. Reads `GET /ducks` (readGateway); works as an antd Form.Item control.
 */
export function ChannelGroupPicker({ value, onChange, duckMac }: Props) {
  const common = useChannelGroupSelect(duckMac, value ? [value] : []);
  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      {...common}
      data-testid="duck-channel-group-picker"
    />
  );
}

/**
 * Picks several channel groups of a Duck (the point's `channelGroups`), as {@link ChannelGroupPicker}
 * picks one; codes already chosen that the Duck no longer has stay listed by their code.
 */
export function ChannelGroupsPicker({
  value,
  onChange,
  duckMac,
  disabled,
}: {
  value?: string[];
  onChange?(groupCodes: string[]): void;
  duckMac: string;
  disabled?: boolean;
}) {
  const common = useChannelGroupSelect(duckMac, value ?? []);
  return (
    <Select<string[]>
      mode="multiple"
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      {...common}
      data-testid="duck-channel-groups-picker"
    />
  );
}

/**
 * What both pickers' Select shares: the Duck's sensors as options (label: name, type, code), plus
 * `chosen` codes it does not have, its loading and not-found states, placeholder and label.
 */
function useChannelGroupSelect(duckMac: string, chosen: readonly string[]) {
  const { t } = useTranslation('ducks');
  const q = useDucksQuery(!!duckMac);
  const duck = q.data?.find((d) => d.macAddress.toLowerCase() === duckMac.toLowerCase());
  const options = (duck?.config.sensors ?? []).map((s) => {
    const code = s.groupCode || duckGroupCode(s.channels);
    return { value: code, label: `${s.displayName} (${t(`sensorTypes.${s.name}`)}) · ${code}` };
  });
  for (const code of chosen) if (!options.some((o) => o.value === code)) options.push({ value: code, label: code });
  return {
    options,
    loading: q.isPending && !!duckMac,
    notFoundContent: q.isPending ? null : duck ? t('picker.noSensors') : t('picker.noDuck'),
    placeholder: t('picker.placeholder'),
    style: { width: '100%' },
    'aria-label': t('picker.label'),
  };
}
