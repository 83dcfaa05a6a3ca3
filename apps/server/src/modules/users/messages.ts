import type { FastifyRequest } from 'fastify';
import { LANGUAGE_HEADER } from '@overtone/contract';
import { resolveLanguage, translate } from '../../infra/i18n.ts';

/** Keys of `messages` in apps/server/src/locales/<language>.json that the users module answers. */
export type UserMessageKey = 'userPasswordSet';

/** The message `key` in the request's `language` header language. */
export const userMessage = (req: FastifyRequest, key: UserMessageKey): string =>
  translate(resolveLanguage(req.headers[LANGUAGE_HEADER]), 'messages', key);
