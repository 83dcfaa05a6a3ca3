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
  const { t } = useTranslation('ducks');
  const q = useDucksQuery(!!duckMac);
  const duck = q.data?.find((d) => d.macAddress.toLowerCase() === duckMac.toLowerCase());
  const options = (duck?.config.sensors ?? []).map((s) => {
    const code = s.groupCode || duckGroupCode(s.channels);
    return { value: code, label: `${s.displayName} (${t(`sensorTypes.${s.name}`)}) · ${code}` };
  });
  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      loading={q.isPending && !!duckMac}
      options={options}
      placeholder={t('picker.placeholder')}
      notFoundContent={q.isPending ? null : duck ? t('picker.noSensors') : t('picker.noDuck')}
      style={{ width: '100%' }}
      aria-label={t('picker.label')}
      data-testid="duck-channel-group-picker"
    />
  );
}
