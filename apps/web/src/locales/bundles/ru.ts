// The ru texts of the open pages (login, its dialogs, errors: the contract's catalogue) with Ant Design's and dayjs's
// locale: the chunk loaded before the first render (see ../languages.ts).
import 'dayjs/locale/ru';
import antd from 'antd/es/locale/ru_RU';
import { catalogueTexts } from '@overtone/contract/messages/catalogue';
import catalogue from '@overtone/contract/messages/ru';
import type { Messages } from '../resources';
import { collectMessages, type LanguageBundle } from '../collect';

const bundle: LanguageBundle = {
  messages: {
    ...collectMessages(import.meta.glob<Messages>('../ru/{common,login}.json', { eager: true, import: 'default' })),
    // the error and validation texts: the contract's catalogue, the server's own
    errors: catalogueTexts(catalogue),
  },
  antd,
};
export default bundle;
