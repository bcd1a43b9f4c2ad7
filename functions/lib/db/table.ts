/**
 * The single table's shape. The CDK stack and the local stack both create the table from these definitions,
 * so keys and indexes cannot drift between AWS and a laptop.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;
export const TTL_ATTRIBUTE = 'expiresAt';

export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
  /** The access pattern that justifies the index (functions/README.md: no index without one). */
  purpose: string;
}

export const INDEXES = {
  gsi1: {
    name: 'gsi1',
    partitionKey: 'gsi1pk',
    sortKey: 'gsi1sk',
    purpose: 'All records of an entity, newest first (users, roles, articles, clients, …)',
  },
  gsi2: {
    name: 'gsi2',
    partitionKey: 'gsi2pk',
    sortKey: 'gsi2sk',
    purpose: 'Records of an entity in one status (enabled roles, article tabs); a title-search term in one tab',
  },
  gsi3: {
    name: 'gsi3',
    partitionKey: 'gsi3pk',
    sortKey: 'gsi3sk',
    purpose:
      'Sparse: Scheduled articles by publish date, read by the publisher every minute; the media library by kind',
  },
  gsi4: {
    name: 'gsi4',
    partitionKey: 'gsi4pk',
    sortKey: 'gsi4sk',
    purpose:
      "Records by last update, newest first (the dashboard's recently updated articles); the media library by uploader",
  },
} as const satisfies Record<string, IndexDefinition>;

export const INDEX_LIST: IndexDefinition[] = Object.values(INDEXES);

/** Default table name locally; in AWS the stack passes its generated name in TABLE_NAME. */
export const DEFAULT_TABLE_NAME = 'admin-portal';
export const DEFAULT_MEDIA_BUCKET = 'admin-portal-media';
