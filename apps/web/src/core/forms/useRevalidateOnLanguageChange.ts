import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Keeps a form's shown validation messages in the interface language: antd stores a message when it
 * validates, so after a language switch the fields showing one are validated again (their rules were
 * rebuilt with the new texts by the render that follows the switch). Fields without a message stay
 * untouched: the switch never reveals new errors.
 */
export function useRevalidateOnLanguageChange(form: FormInstance): void {
  const { i18n } = useTranslation();
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    const shown = form.getFieldsError().filter((f) => f.errors.length > 0);
    if (shown.length) form.validateFields(shown.map((f) => f.name)).catch(() => undefined);
  }, [form, i18n.language]);
}
