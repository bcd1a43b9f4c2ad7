/** Sessions live in their user's partition, so one BatchGet reads a user and the session a token names. */
export const sessionKey = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` });
export const SESSION_SK_PREFIX = 'SESSION#';
