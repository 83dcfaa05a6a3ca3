import { useTranslation } from 'react-i18next';
import { WINDOWS, type WindowName } from '@overtone/contract';
import { FitSelect } from '../ui/FitSelect';

interface Props {
  value: WindowName;
  onChange(w: WindowName): void;
  /** `data-testid`, e.g. `spectrum-window` */
  testId: string;
}

/** The spectral window choice of the analysis charts (spec 002 §9: the five windows). */
export function WindowSelect({ value, onChange, testId }: Props) {
  const { t } = useTranslation('charts');
  return (
    <FitSelect<WindowName>
      size="small"
      value={value}
      onChange={onChange}
      prefix={t('window')}
      options={WINDOWS.map((w) => ({ value: w, label: t(`windows.${w}`) }))}
      data-testid={testId}
    />
  );
}
