import { useState } from 'react';
import { App, Button, Checkbox, DatePicker, Flex, Input, InputNumber, Select, Space, Tooltip } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEASUREMENT_TYPES } from '@overtone/contract';
import { useCustomer } from '../../core/customer/CustomerContext';
import { asCustomerClock } from '../../ui/customerTime';
import { useCustomerZone } from '../../ui/formatDate';
import { useTelemetryQuery } from '../telemetry/telemetryApi';
import { useMeasurementTagsQuery } from './measurementsApi';
import { DATE_SHORTCUT_DAYS, lastDays, valueBoundsValid, type MeasurementFilterValues } from './measurementFilters';
import { telemetryLabel } from '../telemetry/telemetryName';

const SHORTCUT_KEYS: Record<(typeof DATE_SHORTCUT_DAYS)[number], string> = {
  7: 'filters.lastWeek',
  30: 'filters.lastMonth',
  90: 'filters.lastThreeMonths',
};
const FLAGS = ['onlyMine', 'upload', 'favorite', 'partial', 'error'] as const;

/**
 * The measurement filter form (spec 000 §2, §5). Nothing is loaded until Filter is pressed; with
 * both value bounds active and min not below max it warns (admin.warningForValidationValue) and
 * skips the load. The date range is picked, and its shortcuts computed, in the customer's time zone
 * and date format (the zone is named beside the picker), not the browser's.
 */
export function MeasurementFilters({
  initial,
  onApply,
}: {
  initial: MeasurementFilterValues;
  onApply: (f: MeasurementFilterValues) => void;
}) {
  const { t } = useTranslation('measurements');
  const { t: tAdmin } = useTranslation('admin');
  const { message } = App.useApp();
  const { dateFormat } = useCustomer();
  const zone = useCustomerZone();
  const [f, setF] = useState(initial);
  const tags = useMeasurementTagsQuery();
  const telemetry = useTelemetryQuery();
  const set = <K extends keyof MeasurementFilterValues>(k: K, v: MeasurementFilterValues[K]) => setF((p) => ({ ...p, [k]: v }));

  const apply = () => {
    if (!valueBoundsValid(f)) {
      void message.warning(tAdmin('warningForValidationValue'));
      return;
    }
    onApply(f);
  };

  return (
    <Flex vertical gap={8} data-testid="measurement-filters">
      <Flex gap={8} wrap align="center">
        <Select
          mode="tags"
          style={{ minWidth: 200 }}
          placeholder={t('filters.tags')}
          aria-label={t('filters.tags')}
          value={f.tags}
          onChange={(v: string[]) => set('tags', v)}
          options={(tags.data ?? []).map((x) => ({ value: x.tag, label: x.tag }))}
          data-testid="filter-tags"
        />
        <Input
          style={{ width: 190 }}
          placeholder={t('filters.macAddress')}
          aria-label={t('filters.macAddress')}
          value={f.macAddress}
          onChange={(e) => set('macAddress', e.target.value)}
          data-testid="filter-mac"
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('filters.type')}
          aria-label={t('filters.type')}
          value={f.measurementType}
          onChange={(v) => set('measurementType', v)}
          options={MEASUREMENT_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          data-testid="filter-type"
        />
        <Space.Compact>
          <DatePicker.RangePicker
            showTime
            allowClear={false}
            format={dateFormat}
            value={f.range}
            onChange={(v) => v?.[0] && v[1] && set('range', [asCustomerClock(v[0]), asCustomerClock(v[1])])}
            presets={DATE_SHORTCUT_DAYS.map((d) => ({
              label: t(SHORTCUT_KEYS[d]),
              value: () => lastDays(d, zone.offsetMinutes),
            }))}
            aria-label={t('filters.dateRange')}
            data-testid="filter-range"
          />
          <Tooltip title={t('filters.timeZoneHint', { zone: zone.zone })}>
            <Space.Addon data-testid="filter-time-zone">{zone.zone}</Space.Addon>
          </Tooltip>
        </Space.Compact>
      </Flex>
      <Flex gap={8} wrap align="center">
        {FLAGS.map((k) => (
          <Checkbox key={k} checked={f[k]} onChange={(e) => set(k, e.target.checked)} data-testid={`filter-${k}`}>
            {t(`filters.${k}`)}
          </Checkbox>
        ))}
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t('filters.telemetry')}
          aria-label={t('filters.telemetry')}
          value={f.telemetry}
          onChange={(v) => set('telemetry', v)}
          options={(telemetry.data ?? []).map((d) => ({ value: d.name, label: telemetryLabel(t, d.name, d.displayName) }))}
          data-testid="filter-telemetry"
        />
        <Checkbox
          checked={f.minValueActive}
          onChange={(e) => set('minValueActive', e.target.checked)}
          data-testid="filter-min-active"
        >
          {t('filters.minValue')}
        </Checkbox>
        <InputNumber
          value={f.minValue}
          disabled={!f.minValueActive}
          onChange={(v) => set('minValue', v)}
          aria-label={t('filters.minValue')}
          data-testid="filter-min"
        />
        <Checkbox
          checked={f.maxValueActive}
          onChange={(e) => set('maxValueActive', e.target.checked)}
          data-testid="filter-max-active"
        >
          {t('filters.maxValue')}
        </Checkbox>
        <InputNumber
          value={f.maxValue}
          disabled={!f.maxValueActive}
          onChange={(v) => set('maxValue', v)}
          aria-label={t('filters.maxValue')}
          data-testid="filter-max"
        />
        <Button type="primary" icon={<FilterOutlined />} onClick={apply} data-testid="filter-apply">
          {t('filters.filter')}
        </Button>
      </Flex>
    </Flex>
  );
}
