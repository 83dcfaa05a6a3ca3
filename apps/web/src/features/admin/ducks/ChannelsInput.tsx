import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DUCK_CHANNEL_ORDERS, duckSensorTypeOf } from '@overtone/contract';
import { groupCodeOf, toggleChannel, type ChannelValue } from './duckConfigForm';

interface Props {
  value?: ChannelValue[];
  onChange?(value: ChannelValue[]): void;
  /** sensor type name; without one no channel can be chosen */
  typeName?: string;
  /** orders held by the other sensors: shown disabled */
  taken: Set<number>;
  /** prefix of the data-testids */
  testId: string;
}

/**
 * The inputs 1 … 8 of one sensor (spec 002 §4 "Duck channel selection"): a channel held by another
 * sensor is disabled, a sensor takes at most its type's channel count, and each chosen input gets
 * one of the type's channel codes. Shows the resulting groupCode (orders joined by '|').
 */
export function ChannelsInput({ value = [], onChange, typeName, taken, testId }: Props) {
  const { t } = useTranslation('ducks');
  const codes: readonly string[] = duckSensorTypeOf(typeName ?? '')?.channels ?? [];
  const full = value.length >= codes.length;
  const setCode = (order: number, channel: string) => onChange?.(value.map((c) => (c.order === order ? { ...c, channel } : c)));

  return (
    <Flex vertical gap={8}>
      <Flex gap={4} wrap role="group" aria-label={t('channels')}>
        {DUCK_CHANNEL_ORDERS.map((order) => {
          const selected = value.some((c) => c.order === order);
          const disabled = !selected && (taken.has(order) || full || !typeName);
          return (
            <Button
              key={order}
              size="small"
              type={selected ? 'primary' : 'default'}
              aria-pressed={selected}
              disabled={disabled}
              title={taken.has(order) ? t('channelTaken') : undefined}
              onClick={() => onChange?.(toggleChannel(value, order, typeName))}
              data-testid={`${testId}-channel-${order}`}
            >
              {order}
            </Button>
          );
        })}
      </Flex>
      {value.map((c) => (
        <Flex key={c.order} gap={8} align="center">
          <Typography.Text style={{ minWidth: 80 }}>{t('channelN', { order: c.order })}</Typography.Text>
          <Select
            size="small"
            value={c.channel || undefined}
            onChange={(code: string) => setCode(c.order, code)}
            options={codes.map((code) => ({
              value: code,
              label: t(`channelCode.${code}`, { defaultValue: code }),
              disabled: code !== c.channel && value.some((o) => o.channel === code),
            }))}
            style={{ minWidth: 200 }}
            aria-label={t('channelN', { order: c.order })}
            data-testid={`${testId}-code-${c.order}`}
          />
        </Flex>
      ))}
      <Typography.Text type="secondary" data-testid={`${testId}-group-code`}>
        {t('groupCode')}: <span className="mono">{groupCodeOf(value) || '—'}</span>
      </Typography.Text>
    </Flex>
  );
}
