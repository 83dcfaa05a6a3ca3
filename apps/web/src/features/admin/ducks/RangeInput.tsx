import { Flex, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

type Range = [number | null, number | null];

interface Props {
  value?: Range;
  onChange?(value: Range): void;
  /** unit shown after both numbers (V, A, G …) */
  unit?: string;
  /** prefix of the two inputs' data-testid: `<testId>-min`, `<testId>-max` */
  testId: string;
}

/** A [min, max] pair of numbers (a sensor's minMaxVoltage or minMaxValue); validated by the form. */
export function RangeInput({ value, onChange, unit, testId }: Props) {
  const { t } = useTranslation('ducks');
  const [min, max] = value ?? [null, null];
  return (
    <Flex gap={8} align="center">
      <InputNumber<number>
        value={min}
        onChange={(v) => onChange?.([v ?? null, max])}
        placeholder={t('min')}
        aria-label={t('min')}
        suffix={unit}
        style={{ width: '100%' }}
        data-testid={`${testId}-min`}
      />
      <span aria-hidden>–</span>
      <InputNumber<number>
        value={max}
        onChange={(v) => onChange?.([min, v ?? null])}
        placeholder={t('max')}
        aria-label={t('max')}
        suffix={unit}
        style={{ width: '100%' }}
        data-testid={`${testId}-max`}
      />
    </Flex>
  );
}
