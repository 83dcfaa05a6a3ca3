import type { TFunction } from 'i18next';
import type { CompareItem } from '../../charts/compareBasket';

/** The channel of an item as shown: X/Y/Z for the accelerometer axes, the key otherwise. */
export const channelLabel = (t: TFunction<'compare'>, channel: string) => t(`channel.${channel}`, { defaultValue: channel });

/** The legend label of an item: point (or the measurement id when unknown), channel, date. */
export const itemLabel = (t: TFunction<'compare'>, item: CompareItem, formatDate: (iso: string) => string) =>
  [item.pointName || item.measurementId, channelLabel(t, item.channel), item.date ? formatDate(item.date) : '']
    .filter(Boolean)
    .join(' · ');
