import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEALTH_STATES, type HealthState } from '@overtone/contract';
import { HEALTH_COLORS } from '../../ui/health';

/** A health name of the API as a state (`unknown` for anything else). */
export const healthStateOf = (name: string): HealthState =>
  (HEALTH_STATES as readonly string[]).includes(name) ? (name as HealthState) : 'unknown';

/** A point's health as a tag in its alarm colour (spec 000 §4), translated. */
export function HealthTag({ health }: { health: string }) {
  const { t } = useTranslation('dashboard');
  const state = healthStateOf(health);
  return (
    <Tag color={HEALTH_COLORS[state]} data-testid="dashboard-health-tag" data-health={state}>
      {t(`health.${state}`)}
    </Tag>
  );
}
