import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Message keys of the Duck configuration rules of the contract (packages/contract/src/ducks.ts),
 * each translated as `ducks:validation.<key>`. Other zod messages fall back to `validation.invalid`.
 */
export const DUCK_VALIDATION_KEYS = [
  'duckRequired',
  'duckSampleSizeRange',
  'duckSamplingRate',
  'duckAtLeastOneChannel',
  'duckInvalidRange',
  'duckVoltageOutsideReference',
  'duckTooManyChannels',
  'duckChannelTaken',
  'duckChannelRequired',
] as const;

/** The translated text of a configuration issue's message key. */
export function useDuckValidationText(): (key: string) => string {
  const { t } = useTranslation('ducks');
  return useCallback(
    (key: string) =>
      (DUCK_VALIDATION_KEYS as readonly string[]).includes(key) ? t(`validation.${key}`) : t('validation.invalid'),
    [t],
  );
}
