/**
 * The peer of `npm run bench:list`: the same articles in an embedded Postgres (PGlite, the engine a Payload or
 * Strapi newsroom runs), searched the way those CMSs search titles — `ILIKE '%word%'` with no text index, a page
 * `ORDER BY created_at DESC LIMIT 10 OFFSET n` and the exact total by `count(*)` — in the same process.
 */
import { PGlite } from '@electric-sql/pglite';
import type { PlainRow } from './list-seed';

export interface PostgresQuery {
  /** Words every matching title contains (ILIKE each); none for the whole list. */
  words: string[];
  status?: string;
  page: number;
  limit: number;
}

export interface PostgresPeer {
  run: (query: PostgresQuery) => Promise<{ rows: number; total: number }>;
  close: () => Promise<void>;
}

const BATCH = 1000;

export async function startPostgres(rows: readonly PlainRow[]): Promise<PostgresPeer> {
  const pg = new PGlite();
  await pg.exec(`
    CREATE TABLE articles (
      id text PRIMARY KEY, title text NOT NULL, status text NOT NULL, type text NOT NULL,
      created_at timestamptz NOT NULL, slug text NOT NULL, author_name text NOT NULL
    );
    CREATE INDEX articles_created ON articles (created_at DESC);
    CREATE INDEX articles_status_created ON articles (status, created_at DESC);
  `);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const values = batch.map(
      (_, j) =>
        `($${j * 7 + 1}, $${j * 7 + 2}, $${j * 7 + 3}, $${j * 7 + 4}, $${j * 7 + 5}, $${j * 7 + 6}, $${j * 7 + 7})`,
    );
    await pg.query(
      `INSERT INTO articles (id, title, status, type, created_at, slug, author_name) VALUES ${values.join(', ')}`,
      batch.flatMap((r) => [r.id, r.title, r.status, r.type, r.createdAt, r.slug, r.authorName]),
    );
  }
  await pg.exec('ANALYZE articles');

  return {
    async run(query) {
      const conditions: string[] = [];
      const params: unknown[] = [];
      for (const word of query.words) {
        params.push(`%${word}%`);
        conditions.push(`title ILIKE $${params.length}`);
      }
      if (query.status) {
        params.push(query.status);
        conditions.push(`status = $${params.length}`);
      }
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const page = await pg.query(
        `SELECT id, title, status, type, created_at, slug, author_name FROM articles ${where}
         ORDER BY created_at DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
        params,
      );
      const count = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM articles ${where}`, params);
      return { rows: page.rows.length, total: count.rows[0]?.n ?? 0 };
    },
    close: () => pg.close(),
  };
}
