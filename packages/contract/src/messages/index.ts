import type { Language } from '../languages.ts';
import type { MessageCatalogue } from './catalogue.ts';
import de from './de.ts';
import en from './en.ts';
import ru from './ru.ts';
import tr from './tr.ts';
import zh from './zh.ts';
import zhTw from './zh-tw.ts';

export { catalogueTexts, type MessageCatalogue } from './catalogue.ts';

/** Every language's catalogue (the server, tests); the web imports one language's module at a time. */
export const MESSAGE_CATALOGUES: Record<Language, MessageCatalogue> = { tr, en, de, ru, zh, 'zh-tw': zhTw };
