/**
 * The key of an entity's record: `<ENTITY>#<id>` / `<ENTITY>` (entity.ts builds every model's keys with it). Apart
 * from entity.ts so that code which reads one record by key and nothing else needs none of the entity's writes.
 */
export const entityKey = (name: string, id: string) => ({ pk: `${name}#${id}`, sk: name });
