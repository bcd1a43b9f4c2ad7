/**
 * What a rename costs (functions/README.md → Names in list rows): the sync reads the rows that show the name, found
 * by their name references, however many other rows the archive holds, and several renames in quick succession
 * are one walk with the latest name. Reads and writes are counted on this process's DynamoDB client
 * (infra/bench/dynamo-meter.ts) around syncs run here; the renames are written straight to the table, as the API
 * writes them, so that no sync is announced to the stack and its own syncs stay out of the count.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { categoryKey } from '../../functions/category/model';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { handler } from '../../functions/name-sync/handler';
import { syncNames } from '../../functions/name-sync/service';
import { userKey } from '../../functions/user/model';
import { attachMeter, type Meter } from '../../infra/bench/dynamo-meter';
import type { ArticleRow } from '../../shared/schemas/article-record';
import { articleFields, createArticle, createCategory, createUser, dataOf } from './factories';
import { call, rootSession } from './helpers';

let root: string;
let rootId: string;
let meter: Meter | undefined;

const data = <T>(method: string, path: string, body?: unknown) =>
  dataOf(call<T>(method, path, { token: root, body }), `${method} ${path}`);

const word = () => `w${newId().slice(-8).toLowerCase()}`;
/** `count` articles in `category`, a few at a time: the rest of the archive, which a rename must not read. */
async function archive(count: number, category: string) {
  const tag = word();
  for (let i = 0; i < count; i += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, count - i) }, (_, j) =>
        createArticle(
          root,
          articleFields({ categories: [category], user: rootId }, { title: `Other ${tag} ${i + j}` }),
        ),
      ),
    );
  }
}

/** A rename as the API writes it (the name, the version moved), straight to the table; returns the new version. */
async function renameInTable(key: { pk: string; sk: string }, name: string): Promise<number> {
  const out = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #name = :name ADD #version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#name': 'name', '#version': 'version' },
      ExpressionAttributeValues: { ':name': name, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Number(out.Attributes?.version);
}

/** What `fn` cost on this process's client: items read (Query items scanned, items got), requests by command. */
async function cost(fn: () => Promise<unknown>) {
  meter = attachMeter(db());
  try {
    const { reading } = await meter.measure(fn);
    return reading;
  } finally {
    meter.detach();
    meter = undefined;
  }
}

async function rowsOf(ids: string[], query = '') {
  const list = (await data<{ list: ArticleRow[] }>('GET', `/cms?limit=100&${query}`)).list;
  return ids.map((id) => list.find((row) => row._id === id));
}

beforeAll(async () => {
  ({ token: root, id: rootId } = await rootSession());
});

afterEach(() => meter?.detach());

describe('the cost of a rename', () => {
  it("reads the rows that show a category's name, however many other articles there are", async () => {
    const tag = word();
    const renamed = await createCategory(root, { name: `Weather ${tag}` });
    const other = await createCategory(root, { name: `Sport ${tag}` });
    const shown = [
      await createArticle(
        root,
        articleFields({ categories: [renamed._id, other._id], user: rootId }, { title: `Rain ${tag} one` }),
      ),
      await createArticle(
        root,
        articleFields({ categories: [renamed._id], user: rootId }, { title: `Rain ${tag} two` }),
      ),
      await createArticle(
        root,
        articleFields({ categories: [renamed._id], user: rootId }, { title: `Rain ${tag} three` }),
      ),
    ];
    const notShown = await createArticle(
      root,
      articleFields({ categories: [other._id], user: rootId }, { title: `Match ${tag}` }),
    );
    const ids = [...shown, notShown].map((a) => a._id);

    const rename = async (name: string) => {
      const version = await renameInTable(categoryKey(renamed._id), name);
      return cost(() => syncNames({ kind: 'category', id: renamed._id, name, version }));
    };
    await rename(`Climate ${tag}`);
    const few = await rename(`Skies ${tag}`);
    await archive(60, other._id);
    const many = await rename(`Forecast ${tag}`);

    // Sixty more articles elsewhere read nothing more: the rename reads its references and its three rows.
    expect(many.itemsRead, JSON.stringify(many.byCommand)).toBe(few.itemsRead);
    expect(many.rcu).toBeLessThanOrEqual(few.rcu);
    expect(many.itemsRead).toBeLessThanOrEqual(2 * shown.length + 4);
    // Each row showing the name written once, in its own transaction; the others not at all.
    expect(many.byCommand.TransactWriteItems).toBe(shown.length);

    const rows = await rowsOf(ids, `search=${tag}`);
    expect(rows.map((row) => row?.categories.map((c) => c.name))).toEqual([
      [`Forecast ${tag}`, other.name],
      [`Forecast ${tag}`],
      [`Forecast ${tag}`],
      [other.name],
    ]);
    // No version moved, the untouched row's neither.
    expect(rows.map((row) => row?.version)).toEqual([...shown, notShown].map((a) => a.version));
  });

  it('costs a handful of reads for a user whose name no row shows', async () => {
    const user = await createUser({ name: `Nobody ${word()}` });
    await archive(10, (await createCategory(root, { name: `Filler ${word()}` }))._id);
    const name = `Somebody ${word()}`;
    const version = await renameInTable(userKey(user._id), name);
    const spent = await cost(() => syncNames({ kind: 'user', id: user._id, name, version }));
    // The user read, the record of walks, and the three empty reference partitions (articles, ads, editions).
    expect(spent.itemsRead, JSON.stringify(spent.byCommand)).toBeLessThanOrEqual(2);
    expect(spent.byCommand.TransactWriteItems ?? 0).toBe(0);
  });
});

describe('renames in quick succession', () => {
  let sequence = 0;
  /** The stream record of a user's rename, as the table's stream delivers it (NEW_AND_OLD_IMAGES). */
  const renameRecord = (id: string, from: string, to: string, version: number): DynamoDBRecord =>
    ({
      eventID: newId(),
      eventName: 'MODIFY',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: marshall(userKey(id)),
        OldImage: marshall({ ...userKey(id), _id: id, name: from, version: version - 1 }),
        NewImage: marshall({ ...userKey(id), _id: id, name: to, version }),
        SequenceNumber: String(++sequence),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    }) as DynamoDBRecord;
  const event = (records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

  it('are one walk a batch with the latest name; a batch a later rename superseded, or delivered again, walks nothing', async () => {
    const tag = word();
    const author = await createUser({ name: `Author ${tag}` });
    const category = await createCategory(root, { name: `Desk ${tag}` });
    const articles = [
      await createArticle(
        root,
        articleFields({ categories: [category._id], user: author._id }, { title: `Column ${tag} one` }),
      ),
      await createArticle(
        root,
        articleFields({ categories: [category._id], user: author._id }, { title: `Column ${tag} two` }),
      ),
    ];
    const records: DynamoDBRecord[] = [];
    let name = `Author ${tag}`;
    const renameTo = async (to: string) => {
      const version = await renameInTable(userKey(author._id), to);
      records.push(renameRecord(author._id, name, to, version));
      name = to;
    };

    // Ten renames, then their batch; ten more, delivered in two batches, the first once all ten are written.
    for (let i = 1; i <= 10; i++) await renameTo(`Author ${i} ${tag}`);
    const first = await cost(() => handler(event(records.slice(0, 10))));
    for (let i = 11; i <= 20; i++) await renameTo(`Author ${i} ${tag}`);
    const superseded = await cost(() => handler(event(records.slice(10, 15))));
    const last = await cost(() => handler(event(records.slice(15, 20))));
    const again = await cost(() => handler(event(records.slice(15, 20))));

    // A walk is one Query of each reference partition (articles, ads, editions) and a transaction a changed row.
    expect([first, superseded, last, again].map((r) => r.byCommand.Query ?? 0)).toEqual([3, 0, 3, 0]);
    expect([first, superseded, last, again].map((r) => r.byCommand.TransactWriteItems ?? 0)).toEqual([
      articles.length,
      0,
      articles.length,
      0,
    ]);
    const rows = await rowsOf(
      articles.map((a) => a._id),
      `search=${tag}`,
    );
    expect(rows.map((row) => [row?.user?.name, row?.version])).toEqual(
      articles.map((a) => [`Author 20 ${tag}`, a.version]),
    );
  });
});
