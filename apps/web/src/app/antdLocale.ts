import type { Locale } from 'antd/es/locale';
import trTR from 'antd/locale/tr_TR';
import enUS from 'antd/locale/en_US';
import deDE from 'antd/locale/de_DE';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { Language } from '@overtone/contract';

/** Ant Design's own strings (pagination, empty states, date pickers) per interface language. */
export const ANTD_LOCALES: Record<Language, Locale> = { tr: trTR, en: enUS, de: deDE, ru: ruRU, zh: zhCN, 'zh-tw': zhTW };
