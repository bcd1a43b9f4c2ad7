/**
 * Sessions live in their user's partition (pk USER#<id>, beside the user item), so one BatchGet reads a user
 * and the session a token names (auth/access.ts).
 */
export const sessionKey = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` });
export const SESSION_SK_PREFIX = 'SESSION#';
/** Every session of a user: their partition, sort keys beginning with SESSION_SK_PREFIX. */
export const sessionsOf = (userId: string) => ({ pk: `USER#${userId}`, skPrefix: SESSION_SK_PREFIX });
