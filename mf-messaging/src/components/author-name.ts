import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessagingUserFieldsFragment } from '@portal/shared-api';

/** What the name rule needs of a message's author (any of the generated MessagingUser shapes). */
export type AuthorLike = Pick<MessagingUserFieldsFragment, '__typename' | 'firstName' | 'lastName' | 'title'>;

/** 'Anna Lääkäri, Yleislääkäri'; 'Anna Lääkäri' without a title. The server sends the title in the page's language. */
export function fullNameWithTitle(author: Pick<AuthorLike, 'firstName' | 'lastName' | 'title'>): string {
  const name = [author.firstName, author.lastName].filter((part) => part.trim() !== '').join(' ');
  const title = author.title?.trim();
  return title ? `${name}, ${title}` : name;
}

/**
 * The display name of a message's author (spec part 1 §2): the customer's own messages are 'you'
 * (Sinä / Du / You) — a thread has exactly one customer participant (§3), so a CustomerUser author
 * is the customer — everyone else "First Last, Title".
 */
export function useAuthorName(): (author: AuthorLike) => string {
  const intl = useIntl();
  return useCallback(
    (author: AuthorLike) => (author.__typename === 'CustomerUser' ? intl.formatMessage({ id: 'messaging.common.you' }) : fullNameWithTitle(author)),
    [intl],
  );
}
