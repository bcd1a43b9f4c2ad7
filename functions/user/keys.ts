/** Keys of users and their email-uniqueness items. */
export const USER_ENTITY = 'USER';

export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'USER' });
/** One item per lower-cased email, written in the same transaction as the user: uniqueness without a Scan. */
export const userEmailKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });
/** gsi1: every user, newest first. */
export const usersByCreatedAt = (createdAt: string, id: string) => ({ gsi1pk: 'USER', gsi1sk: `${createdAt}#${id}` });
export const USERS_PARTITION = { index: 'gsi1', pk: 'USER' } as const;
