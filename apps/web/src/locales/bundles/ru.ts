// The ru texts of the open pages (login, its dialogs, errors) with Ant Design's and dayjs's
// locale: the chunk loaded before the first render (see ../languages.ts).
import 'dayjs/locale/ru';
import antd from 'antd/es/locale/ru_RU';
import type { Messages } from '../resources';
import { collectMessages, type LanguageBundle } from '../collect';

const bundle: LanguageBundle = {
  messages: collectMessages(import.meta.glob<Messages>('../ru/{common,login,errors}.json', { eager: true, import: 'default' })),
  antd,
};
export default bundle;
