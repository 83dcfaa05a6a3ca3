import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BEARING_FAULTS, bearingFaultFrequenciesHz, type BearingFault, type BearingOrders } from '@overtone/dsp/kinematics';
import type { MarkerSet } from '../../charts/spectrumOverlay';
import { harmonicsHz } from '../../charts/spectrumMath';

/** Marker colours of the fault frequencies (spectrum and envelope). */
export const FAULT_COLORS: Record<BearingFault, string> = {
  bpfo: '#c41d7f',
  bpfi: '#389e0d',
  ftf: '#08979c',
  bsf: '#722ed1',
};

/** Lines marked per fault frequency on the FFT: 1×, 2×, 3×. */
export const FAULT_MARKER_COUNT = 3;

/** Options of {@link useBearingFaultMarkers}. */
export interface BearingFaultMarkerOptions {
  /** Lines per fault, k·f for k = 1..harmonics (charts/spectrumMath `harmonicsHz`, 1 to 10). Default {@link FAULT_MARKER_COUNT}. */
  harmonics?: number;
  /** `charts` text of a marker's label, given `fault` and `order`. Default 'faultHarmonic'. */
  labelKey?: 'faultHarmonic' | 'envelope.faultHarmonic';
}

/**
 * The bearing fault-frequency markers of a spectrum (measurement page's FFT and envelope, Duck
 * vibration channels): BPFO, BPFI, FTF and BSF of the point's bearing at the reference frequency
 * (packages/dsp `bearingFaultFrequenciesHz`, order × shaft speed), each toggled by its button
 * ({@link BearingFaultButtons}) and drawn at its harmonics.
 * @param bearing the point's bearing (orders of shaft speed), null/undefined without one
 * @param referenceFrequencyHz shaft speed in Hz (not > 0: no markers offered)
 * @returns `faults` (Hz by fault, those offered), `available` (offered faults, button order),
 *   `shown`, `toggle`, and `markers` (one set per shown fault, button order)
 */
export function useBearingFaultMarkers(
  bearing: Partial<BearingOrders> | null | undefined,
  referenceFrequencyHz: number,
  { harmonics = FAULT_MARKER_COUNT, labelKey = 'faultHarmonic' }: BearingFaultMarkerOptions = {},
) {
  const { t } = useTranslation('charts');
  const [shown, setShown] = useState<BearingFault[]>([]);
  // Keyed by the orders, not the bearing object: a refetched point gives a new object with the same orders.
  const { bpfo, bpfi, ftf, bsf } = bearing ?? {};
  const faults = useMemo(
    () => bearingFaultFrequenciesHz(referenceFrequencyHz, { bpfo, bpfi, ftf, bsf }),
    [bpfo, bpfi, ftf, bsf, referenceFrequencyHz],
  );
  const available = BEARING_FAULTS.filter((k) => faults[k] !== undefined);
  const markers = useMemo<MarkerSet[]>(
    () =>
      BEARING_FAULTS.filter((k) => shown.includes(k) && faults[k] !== undefined).map((k) => ({
        xs: harmonicsHz(faults[k]!, harmonics),
        color: FAULT_COLORS[k],
        label: (order: number) => t(labelKey, { fault: t(`envelope.faults.${k}`), order }),
      })),
    [shown, faults, harmonics, labelKey, t],
  );
  const toggle = (k: BearingFault) => setShown((s) => (s.includes(k) ? s.filter((x) => x !== k) : [...s, k]));
  return { faults, available, shown, toggle, markers };
}

/**
 * The bearing fault-frequency toggles (BPFO, BPFI, FTF, BSF) of a spectrum: one button per fault
 * offered, in its marker colour, pressed while its harmonics are drawn; nothing when none is offered.
 * Used by the measurement page's spectrum and envelope and the Duck page's vibration channels, with
 * {@link useBearingFaultMarkers}.
 * @param faults fault frequencies in Hz by fault (`useBearingFaultMarkers().faults`), written as
 *   each button's `data-frequency-hz`; optional
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
