// The ru texts of the screens behind the login (every namespace but the open pages' ones,
// ../ru.ts): loaded with the first of those screens (see ../../languages.ts).
import type { Messages } from '../../resources';
import { collectMessages, type LanguageBundle } from '../../collect';

const bundle: LanguageBundle = {
  messages: collectMessages(
    import.meta.glob<Messages>(['../../ru/*.json', '!../../ru/{common,login}.json'], {
      eager: true,
      import: 'default',
    }),
  ),
};
export default bundle;
