import { Checkbox, DatePicker, Flex, InputNumber, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  MEASUREMENT_TYPES,
  TREND_CHART_MODES,
  TREND_RANGE_SHORTCUTS,
  TREND_VALUE_PRECISION,
  type AiModel,
  type TrendChartMode,
  type TrendRangeShortcut,
  type TrendTelemetry,
} from '@overtone/contract';
import { asCustomerClock } from '../../ui/customerTime';
import { lastDaysRange } from './trendModel';
import { telemetryLabel } from '../telemetry/telemetryName';

/** What the user chose in the panel. */
export interface TrendControlValues {
  measurementType: (typeof MEASUREMENT_TYPES)[number] | undefined;
  /** Customer clocks. */
  range: [Dayjs, Dayjs];
  telemetries: string[];
  mode: TrendChartMode;
  showComments: boolean;
  aiModel: string | undefined;
  minActive: boolean;
  minValue: number | null;
  maxActive: boolean;
  maxValue: number | null;
}

interface Props {
  value: TrendControlValues;
  onChange(patch: Partial<TrendControlValues>): void;
  telemetries: readonly TrendTelemetry[];
  models: readonly AiModel[] | undefined;
  offsetMinutes: number;
  dateFormat: string;
}

const SHORTCUTS = Object.keys(TREND_RANGE_SHORTCUTS) as TrendRangeShortcut[];

/**
 * The trend panel's controls (spec 001 §2): measurement type, date range with the shortcuts of §9,
 * telemetry filter tags, chart mode, show comments, the AI model (predictions mode only), and the
 * min/max value filters (4 decimals, each with its on/off box).
 */
export function TrendControls({ value: v, onChange, telemetries, models, offsetMinutes, dateFormat }: Props) {
  const { t } = useTranslation('trend');
  const toggle = (name: string, on: boolean) =>
    onChange({ telemetries: on ? [...v.telemetries, name] : v.telemetries.filter((n) => n !== name) });
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t('measurementType')}
          aria-label={t('measurementType')}
          value={v.measurementType}
          onChange={(x) => onChange({ measurementType: x })}
          options={MEASUREMENT_TYPES.map((x) => ({ value: x, label: t(`types.${x}`) }))}
          data-testid="trend-type"
        />
        <DatePicker.RangePicker
          showTime
          allowClear={false}
          format={dateFormat}
          value={v.range}
          onChange={(r) => r?.[0] && r[1] && onChange({ range: [asCustomerClock(r[0]), asCustomerClock(r[1])] })}
          presets={SHORTCUTS.map((k) => ({
            label: t(`shortcuts.${k}`),
            value: () => lastDaysRange(TREND_RANGE_SHORTCUTS[k], offsetMinutes),
          }))}
          aria-label={t('dateRange')}
          data-testid="trend-range"
        />
        <Select<TrendChartMode>
          style={{ width: 170 }}
          aria-label={t('chartMode')}
          value={v.mode}
          onChange={(mode) => onChange({ mode })}
          options={TREND_CHART_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
          data-testid="trend-mode"
        />
        {v.mode === 'predictions' && (
          <Select
            style={{ width: 220 }}
            placeholder={t('aiModel')}
            aria-label={t('aiModel')}
            value={v.aiModel}
            loading={!models}
            onChange={(aiModel) => onChange({ aiModel })}
            options={(models ?? []).map((m) => ({ value: m._id, label: t(`aiModel:${m.labelKey}`, { defaultValue: m.name }) }))}
            data-testid="trend-ai-model"
          />
        )}
        <Checkbox
          checked={v.showComments}
          onChange={(e) => onChange({ showComments: e.target.checked })}
          data-testid="trend-comments"
        >
          {t('showComments')}
        </Checkbox>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Checkbox
          checked={v.minActive}
          onChange={(e) => onChange({ minActive: e.target.checked })}
          data-testid="trend-min-active"
        >
          {t('minValue')}
        </Checkbox>
        <InputNumber
          value={v.minValue}
          disabled={!v.minActive}
          precision={TREND_VALUE_PRECISION}
          step={0.01}
          onChange={(x) => onChange({ minValue: x })}
          aria-label={t('minValue')}
          data-testid="trend-min"
        />
        <Checkbox
          checked={v.maxActive}
          onChange={(e) => onChange({ maxActive: e.target.checked })}
          data-testid="trend-max-active"
        >
          {t('maxValue')}
        </Checkbox>
        <InputNumber
          value={v.maxValue}
          disabled={!v.maxActive}
          precision={TREND_VALUE_PRECISION}
          step={0.01}
          onChange={(x) => onChange({ maxValue: x })}
          aria-label={t('maxValue')}
          data-testid="trend-max"
        />
      </Flex>
      <Flex gap={4} wrap aria-label={t('telemetries')} data-testid="trend-telemetries">
        {telemetries
          .filter((x) => !x.hidden)
          .map((x) => (
            <Tag.CheckableTag
              key={x.name}
              checked={v.telemetries.includes(x.name)}
              onChange={(on) => toggle(x.name, on)}
              data-testid={`trend-telemetry-${x.name}`}
            >
              {telemetryLabel(t, x.name, x.displayName)}
            </Tag.CheckableTag>
          ))}
      </Flex>
    </Flex>
  );
}
