import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { WINDOWS, type WindowName } from '@overtone/contract';

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
    <Select<WindowName>
      size="small"
      value={value}
      onChange={onChange}
      style={{ width: 180 }}
      prefix={t('window')}
      options={WINDOWS.map((w) => ({ value: w, label: t(`windows.${w}`) }))}
      data-testid={testId}
    />
  );
}
