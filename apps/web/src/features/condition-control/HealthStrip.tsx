import { Flex, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { healthState, type ConditionHealthDay, type HealthState } from '@overtone/contract';
import { useCustomer } from '../../core/customer/CustomerContext';
import { HEALTH_COLORS } from '../../ui/health';

/** The date part of the customer's date format (`DD-MM-YYYY HH:mm:ss` → `DD-MM-YYYY`). */
export const dateOnlyFormat = (dateFormat: string) => dateFormat.split(' ')[0] || 'YYYY-MM-DD';

/** A level name as a health state (unknown for anything else). */
const stateOf = (name: string): HealthState => healthState.safeParse(name).data ?? 'unknown';

/**
 * The point's health over the last days: one cell per day in the colour of the worst alarm level
 * the point had that day (spec 001 §4 colours), unknown grey before its alarms were evaluated; the
 * day and level in a tooltip. Days are the customer's calendar days (the server's).
 */
export function HealthStrip({ days }: { days: ConditionHealthDay[] }) {
  const { t } = useTranslation('condition');
  const { dateFormat } = useCustomer();
  const fmt = dateOnlyFormat(dateFormat);
  const label = (d: string) => dayjs(d).format(fmt);
  return (
    <div>
      <Flex gap={2} data-testid="health-strip" role="list" aria-label={t('health.history', { count: days.length })}>
        {days.map((d) => {
          const state = stateOf(d.level.name);
          return (
            <Tooltip key={d.date} title={`${label(d.date)}: ${t(`level.${state}`)}`}>
              <div
                role="listitem"
                data-testid="health-day"
                data-date={d.date}
                data-level={state}
                aria-label={`${label(d.date)}: ${t(`level.${state}`)}`}
                style={{
                  flex: 1,
                  minWidth: 4,
                  height: 22,
                  borderRadius: 2,
                  background: HEALTH_COLORS[state],
                  opacity: state === 'unknown' ? 0.35 : 1,
                }}
              />
            </Tooltip>
          );
        })}
      </Flex>
      {days.length > 0 && (
        <Flex justify="space-between">
          <Typography.Text type="secondary">{label(days[0]!.date)}</Typography.Text>
          <Typography.Text type="secondary">{t('health.today')}</Typography.Text>
        </Flex>
      )}
    </div>
  );
}
