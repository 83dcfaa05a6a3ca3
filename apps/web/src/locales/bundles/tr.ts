// The tr texts of the open pages (login, its dialogs, errors) with Ant Design's and dayjs's
// locale: the chunk loaded before the first render (see ../languages.ts).
import 'dayjs/locale/tr';
import antd from 'antd/es/locale/tr_TR';
import type { Messages } from '../resources';
import { collectMessages, type LanguageBundle } from '../collect';

const bundle: LanguageBundle = {
  messages: collectMessages(import.meta.glob<Messages>('../tr/{common,login,errors}.json', { eager: true, import: 'default' })),
  antd,
};
export default bundle;
