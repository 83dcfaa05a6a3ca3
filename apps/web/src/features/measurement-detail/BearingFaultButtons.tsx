import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BearingFault } from '../../charts/spectrumMath';

/** Marker colours of the fault frequencies (spectrum and envelope). */
export const FAULT_COLORS: Record<BearingFault, string> = {
  bpfo: '#c41d7f',
  bpfi: '#389e0d',
  ftf: '#08979c',
  bsf: '#722ed1',
};

/**
 * The bearing fault-frequency toggles (BPFO, BPFI, FTF, BSF) of a spectrum: one button per fault
 * offered, in its marker colour, pressed while its harmonics are drawn; nothing when none is offered.
 * Used by the measurement page's spectrum and envelope and the Duck page's vibration channels.
 * @param faults fault frequencies in Hz by fault (charts/spectrumMath `bearingFaultFrequenciesHz`),
 *   written as each button's `data-frequency-hz`; optional
 * @param testIdPrefix `<prefix>-faults` on the group, `<prefix>-fault-<k>` on each button
 */
export function BearingFaultButtons({
  faults = {},
  available,
  shown,
  toggle,
  testIdPrefix,
}: {
  faults?: Partial<Record<BearingFault, number>>;
  available: readonly BearingFault[];
  shown: readonly BearingFault[];
  toggle(fault: BearingFault): void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('charts');
  if (!available.length) return null;
  return (
    <Space.Compact size="small" data-testid={`${testIdPrefix}-faults`}>
      {available.map((k) => (
        <Button
          key={k}
          size="small"
          type={shown.includes(k) ? 'primary' : 'default'}
          style={shown.includes(k) ? { background: FAULT_COLORS[k] } : { color: FAULT_COLORS[k] }}
          aria-pressed={shown.includes(k)}
          onClick={() => toggle(k)}
          title={t('envelope.faultTitle', { fault: t(`envelope.faults.${k}`) })}
          data-testid={`${testIdPrefix}-fault-${k}`}
          data-frequency-hz={faults[k]}
        >
          {t(`envelope.faults.${k}`)}
        </Button>
      ))}
    </Space.Compact>
  );
}
