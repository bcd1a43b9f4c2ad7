/** A user's second factor, beside the user item (pk USER#<id>), read with it and the session in one BatchGet. */
export const twoFactorKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'TWOFACTOR' });
