/**
 * The peer of `npm run bench:list`: the same articles in an embedded Postgres (PGlite), in the same process, as
 * three tables holding the same rows, one per way a Postgres newsroom can search titles (POSTGRES_MODES):
 * - `ilike`: `title ILIKE '%word%'` with no text index, what Payload and Strapi do by default;
 * - `trigram`: the very same `ILIKE` query served by a `pg_trgm` GIN index on the title;
 * - `fulltext`: a generated `to_tsvector('simple', title)` column with a GIN index, searched with
 *   `to_tsquery('simple', 'word:*')` (each word a prefix, words joined with `&`), which matches word starts as
 *   our title index does, where `ILIKE` matches anywhere in a word.
 * Each table has the b-trees on the created date and on status and date, so a page is
 * `ORDER BY created_at DESC LIMIT 10 OFFSET n` and the exact total `count(*)`, in every mode.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PlainRow } from './list-seed';

export const POSTGRES_MODES = ['ilike', 'trigram', 'fulltext'] as const;
export type PostgresMode = (typeof POSTGRES_MODES)[number];

/** How the bench's tables and target lines name each mode. */
export const POSTGRES_MODE_LABEL: Record<PostgresMode, string> = {
  ilike: 'ILIKE',
  trigram: 'trigram',
  fulltext: 'full text',
};

export interface PostgresQuery {
  /** Words every matching title contains (as a substring, or as a word start in `fulltext`); none for the whole list. */
  words: string[];
  status?: string;
  page: number;
  limit: number;
}

export interface PostgresPeer {
  run: (query: PostgresQuery, mode: PostgresMode) => Promise<{ rows: number; total: number }>;
  /** EXPLAIN of the page query and of the count, to see which index a mode's search goes through. */
  explain: (query: PostgresQuery, mode: PostgresMode) => Promise<{ page: string[]; count: string[] }>;
  close: () => Promise<void>;
}

const BATCH = 1000;
const COLUMNS = 'id, title, status, type, created_at, slug, author_name';
const TABLE: Record<PostgresMode, string> = {
  ilike: 'articles_plain',
  trigram: 'articles_trigram',
  fulltext: 'articles_fulltext',
};

/** `%`, `_` and the escape character itself are wildcards to LIKE: a searched word means only its letters. */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The `to_tsquery` text for the words: each run of letters (with their combining marks, which Devanagari vowel
 * signs are) and digits becomes a prefix term, joined with `&`. Everything else is dropped, so no operator,
 * quote or colon from the search box reaches the query parser, which rejects stray ones with a syntax error. Splitting at punctuation
 * matches how `to_tsvector` splits the title ("well-known" is indexed as "well" and "known" too).
 */
export function prefixQuery(words: readonly string[]): string {
  const terms = words.flatMap((word) => word.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []);
  return terms.map((term) => `${term}:*`).join(' & ');
}

/** The WHERE clause and its parameters for a query in a mode. */
function where(query: PostgresQuery, mode: PostgresMode): { clause: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (mode === 'fulltext') {
    const text = prefixQuery(query.words);
    // Words of punctuation only leave no term: no text condition, as our search ignores such words.
    if (text) {
      params.push(text);
      conditions.push(`title_words @@ to_tsquery('simple', $${params.length})`);
    }
  } else {
    for (const word of query.words) {
      params.push(`%${likeLiteral(word)}%`);
      conditions.push(`title ILIKE $${params.length}`);
    }
  }
  if (query.status) {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  return { clause: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

const pageSql = (query: PostgresQuery, mode: PostgresMode, clause: string) =>
  `SELECT ${COLUMNS} FROM ${TABLE[mode]} ${clause}
   ORDER BY created_at DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`;

const countSql = (mode: PostgresMode, clause: string) => `SELECT count(*)::int AS n FROM ${TABLE[mode]} ${clause}`;

export async function startPostgres(rows: readonly PlainRow[]): Promise<PostgresPeer> {
  const pg = new PGlite({ extensions: { pg_trgm } });
  await pg.exec(`
    CREATE EXTENSION pg_trgm;
    CREATE TABLE articles_plain (
      id text PRIMARY KEY, title text NOT NULL, status text NOT NULL, type text NOT NULL,
      created_at timestamptz NOT NULL, slug text NOT NULL, author_name text NOT NULL
    );
    CREATE INDEX articles_plain_created ON articles_plain (created_at DESC);
    CREATE INDEX articles_plain_status_created ON articles_plain (status, created_at DESC);
  `);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const values = batch.map(
      (_, j) =>
        `($${j * 7 + 1}, $${j * 7 + 2}, $${j * 7 + 3}, $${j * 7 + 4}, $${j * 7 + 5}, $${j * 7 + 6}, $${j * 7 + 7})`,
    );
    await pg.query(
      `INSERT INTO articles_plain (${COLUMNS}) VALUES ${values.join(', ')}`,
      batch.flatMap((r) => [r.id, r.title, r.status, r.type, r.createdAt, r.slug, r.authorName]),
    );
  }
  // Separate tables, not extra indexes on one: the planner would otherwise serve the no-index mode from them.
  // The text indexes are built after the rows are in, as a bulk load would.
  await pg.exec(`
    CREATE TABLE articles_trigram (LIKE articles_plain INCLUDING ALL);
    INSERT INTO articles_trigram SELECT * FROM articles_plain;
    CREATE INDEX articles_trigram_title ON articles_trigram USING gin (title gin_trgm_ops);

    CREATE TABLE articles_fulltext (LIKE articles_plain INCLUDING ALL);
    ALTER TABLE articles_fulltext
      ADD COLUMN title_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', title)) STORED;
    INSERT INTO articles_fulltext (${COLUMNS}) SELECT ${COLUMNS} FROM articles_plain;
    CREATE INDEX articles_fulltext_title_words ON articles_fulltext USING gin (title_words);

    ANALYZE articles_plain;
    ANALYZE articles_trigram;
    ANALYZE articles_fulltext;
  `);

  return {
    async run(query, mode) {
      const { clause, params } = where(query, mode);
      const page = await pg.query(pageSql(query, mode, clause), params);
      const count = await pg.query<{ n: number }>(countSql(mode, clause), params);
      return { rows: page.rows.length, total: count.rows[0]?.n ?? 0 };
    },
    async explain(query, mode) {
      const { clause, params } = where(query, mode);
      const plan = async (sql: string) =>
        (await pg.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']);
      return { page: await plan(pageSql(query, mode, clause)), count: await plan(countSql(mode, clause)) };
    },
    close: () => pg.close(),
  };
}
