/**
 * The delivery API's edge key check on a laptop: the CloudFront Function's own source (infra/aws/content-key-check.ts)
 * run in Node, its `cloudfront` import a key value store held in memory, its `crypto` Node's. The store is filled
 * from the table's content keys when the stack starts, then kept in step by the table's stream with the same code
 * that keeps CloudFront's store in step in AWS (functions/edge-keys/sync.ts): a key made or revoked reaches the edge
 * within a stream round, as it reaches CloudFront's edges within seconds.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { contentKeyModel } from '../../functions/content-key/model';
import { KEY_ITEM, keyChangesOf } from '../../functions/edge-keys/sync';
import { contentKeyCheckCode } from '../aws/content-key-check';
import type { StreamConsumer } from './table-stream';

/** What the function answers: the request to go on with, or its own answer (a refusal, a preflight). */
export interface EdgeAnswer {
  statusCode: number;
  headers: Record<string, { value: string }>;
  body?: { encoding: string; data: string };
}

type EdgeHandler = (event: unknown) => Promise<EdgeAnswer | { headers: unknown }>;

export class EdgeKeys {
  private readonly store = new Map<string, string>();
  private readonly handler: EdgeHandler;

  constructor() {
    const imports = /^import (\w+) from '(\w+)';\n/gm;
    const cf = {
      kvs: () => ({
        get: async (id: string) => {
          const hash = this.store.get(id);
          // CloudFront's store throws on a key it does not hold.
          if (hash === undefined) throw new Error('Key not found');
          return hash;
        },
      }),
    };
    const crypto = { createHash: (algorithm: string) => createHash(algorithm) };
    this.handler = new Function('cf', 'crypto', `${contentKeyCheckCode().replace(imports, '')}\nreturn handler;`)(
      cf,
      crypto,
    ) as EdgeHandler;
  }

  /** Fills the store from the table: every live key. */
  async load(): Promise<void> {
    for (const key of await contentKeyModel.all(10_000)) if (!key.revokedAt) this.store.set(key._id, key.hash);
  }

  /** The stream consumer that keeps the store in step (the edge-keys Lambda's filter and sync). */
  consumer(): StreamConsumer {
    return {
      name: 'edge keys',
      accept: (keys) => typeof keys.pk === 'string' && keys.pk.startsWith(KEY_ITEM.pkPrefix) && keys.sk === KEY_ITEM.sk,
      handler: async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
        for (const change of keyChangesOf(event.Records)) {
          if (change.hash) this.store.set(change.id, change.hash);
          else this.store.delete(change.id);
        }
        return { batchItemFailures: [] };
      },
    };
  }

  /** Runs the function on a request: undefined to go on, or the answer it gave itself. */
  async check(req: IncomingMessage): Promise<EdgeAnswer | undefined> {
    const headers: Record<string, { value: string }> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[name.toLowerCase()] = { value };
    }
    // CloudFront's `uri` is the path alone, without the query string.
    const uri = new URL(req.url ?? '/', 'http://local').pathname;
    const out = await this.handler({
      request: { method: req.method ?? 'GET', uri, headers },
      viewer: { ip: req.socket.remoteAddress ?? '' },
    });
    return 'statusCode' in out ? out : undefined;
  }
}
