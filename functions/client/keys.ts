/** Keys of advertisers (clients). */
export const CLIENT_ENTITY = 'CLIENT';
export const clientKey = (id: string) => ({ pk: `CLIENT#${id}`, sk: 'CLIENT' });
/** gsi1: every client, newest first. */
export const clientsByCreatedAt = (createdAt: string, id: string) => ({
  gsi1pk: 'CLIENT',
  gsi1sk: `${createdAt}#${id}`,
});
export const CLIENTS_PARTITION = { index: 'gsi1', partition: 'CLIENT' } as const;
