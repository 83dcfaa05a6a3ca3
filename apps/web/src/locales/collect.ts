import type { Locale } from 'antd/es/locale';
import type { Messages, Namespace } from './resources';

/** Some of one language's texts by namespace, with Ant Design's own strings in that language. */
export interface LanguageBundle {
  /** `locales/<lang>/<namespace>.json`, by namespace */
  messages: Partial<Record<Namespace, Messages>>;
  /** Ant Design's locale (pagination, empty states, date pickers): in the open pages' part only */
  antd?: Locale;
}

/**
 * The namespaces of one language from an eager `import.meta.glob('../<lang>/*.json')`.
 * @param files glob result: path `…/<namespace>.json` → its messages
 */
export function collectMessages(files: Record<string, Messages>): LanguageBundle['messages'] {
  const out: LanguageBundle['messages'] = {};
  for (const [file, messages] of Object.entries(files)) {
    const m = /([^/]+)\.json$/.exec(file);
    if (m) out[m[1] as Namespace] = messages;
  }
  return out;
}
