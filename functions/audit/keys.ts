/**
 * Audit entries: one item each, found newest first through three indexes — every entry (gsi2), one actor's
 * (gsi1) and one action's (gsi4). Sort keys start with the ISO time, so a day is a key range.
 */
export const auditKey = (at: string, id: string) => ({ pk: `AUDIT#${at.slice(0, 10)}`, sk: `${at}#${id}` });
export const auditIndexes = (at: string, id: string, actorId: string | undefined, action: string) => ({
  gsi2pk: 'AUDIT',
  gsi2sk: `${at}#${id}`,
  ...(actorId ? { gsi1pk: `AUDITUSER#${actorId}`, gsi1sk: `${at}#${id}` } : {}),
  gsi4pk: `AUDITACTION#${action}`,
  gsi4sk: `${at}#${id}`,
});
export const AUDIT_PARTITIONS = {
  all: { index: 'gsi2', pk: () => 'AUDIT' },
  byActor: { index: 'gsi1', pk: (userId: string) => `AUDITUSER#${userId}` },
  byAction: { index: 'gsi4', pk: (action: string) => `AUDITACTION#${action}` },
} as const;
