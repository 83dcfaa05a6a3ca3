import { useMemo, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Bearing } from '@overtone/contract';
import {
  addToCompareBasket,
  COMPARE_BASKET_MAX,
  COMPARE_BASKET_MESSAGE_KEY,
  COMPARE_BASKET_MESSAGE_S,
  type CompareItem,
} from '../../charts/compareBasket';
import type { MarkerSet } from '../../charts/spectrumOverlay';
import { BEARING_FAULTS, bearingFaultFrequenciesHz, harmonicsHz, type BearingFault } from '../../charts/spectrumMath';
import { FAULT_COLORS, FAULT_MARKER_COUNT } from '../measurement-detail/SpectrumPanel';

/**
 * The bearing fault-frequency markers of a Duck vibration channel, as the measurement page's
 * spectrum offers them (SpectrumPanel): BPFO, BPFI, FTF and BSF of the point's bearing at the
 * reference frequency, each toggled by its button and drawn at 1×, 2×, 3×.
 * @param bearing the point's bearing (orders of shaft speed), null/undefined without one
 * @param referenceFrequencyHz shaft speed in Hz (0: no markers offered)
 * @returns the faults offered with their frequencies (Hz), the shown ones, their toggle and the marker sets
 */
export function useBearingFaultMarkers(bearing: Bearing | null | undefined, referenceFrequencyHz: number) {
  const { t } = useTranslation('charts');
  const [shown, setShown] = useState<BearingFault[]>([]);
  const faults = useMemo(() => bearingFaultFrequenciesHz(bearing, referenceFrequencyHz), [bearing, referenceFrequencyHz]);
  const available = BEARING_FAULTS.filter((k) => faults[k] !== undefined);
  const markers = useMemo<MarkerSet[]>(
    () =>
      BEARING_FAULTS.filter((k) => shown.includes(k) && faults[k] !== undefined).map((k) => ({
        xs: harmonicsHz(faults[k]!, FAULT_MARKER_COUNT),
        color: FAULT_COLORS[k],
        label: (order: number) => t('faultHarmonic', { fault: t(`envelope.faults.${k}`), order }),
      })),
    [shown, faults, t],
  );
  const toggle = (k: BearingFault) => setShown((s) => (s.includes(k) ? s.filter((x) => x !== k) : [...s, k]));
  return { faults, available, shown, toggle, markers };
}

/**
 * "Add to compare" of a Duck vibration channel's spectrum, as the measurement page's: the spectrum as
 * shown (g RMS) and the channel's samples (g) go to the compare basket (features/compare).
 * @param item builds the basket item when clicked; null while there is no spectrum (disabled)
 */
export function DuckCompareButton({ item }: { item: (() => CompareItem) | null }) {
  const { t } = useTranslation('charts');
  const { message } = App.useApp();
  const add = () => {
    if (!item) return;
    const result = addToCompareBasket(item());
    const toast = { key: COMPARE_BASKET_MESSAGE_KEY, duration: COMPARE_BASKET_MESSAGE_S };
    if (result === 'full') void message.warning({ ...toast, content: t('compare.full', { max: COMPARE_BASKET_MAX }) });
    else if (result === 'storageFull') void message.error({ ...toast, content: t('compare.storageFull') });
    else void message.success({ ...toast, content: t(result === 'added' ? 'compare.added' : 'compare.replaced') });
  };
  return (
    <Tooltip title={t('compare.tooltip', { max: COMPARE_BASKET_MAX })}>
      <Button size="small" icon={<PlusSquareOutlined />} onClick={add} disabled={!item} data-testid="duck-spectrum-compare">
        {t('compare.add')}
      </Button>
    </Tooltip>
  );
}
