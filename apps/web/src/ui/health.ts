import type { HealthState } from '@overtone/contract';

/**
 * Colours of the alarm levels (spec 000 §4 "Colours"): healthy green, attention yellow, hazard
 * orange, critical red, detection purple, unknown grey. Yellow is a darker gold so that it stays
 * readable on white.
 */
export const HEALTH_COLORS: Record<HealthState, string> = {
  healthy: '#389e0d',
  attention: '#d4b106',
  hazard: '#fa8c16',
  critical: '#f5222d',
  detection: '#722ed1',
  unknown: '#8c8c8c',
};

/** Colour of a point in the asset tree (spec 000 §2): the four alarm colours, otherwise black. */
export function treePointColor(health: HealthState): string {
  switch (health) {
    case 'critical':
    case 'hazard':
    case 'attention':
    case 'healthy':
      return HEALTH_COLORS[health];
    default:
      return '#1f1f1f';
  }
}
