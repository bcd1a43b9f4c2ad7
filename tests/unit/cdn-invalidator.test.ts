/**
 * The CDN invalidator (functions/cdn-invalidator/): the paths one invalidation names for a batch of messages,
 * within CloudFront's limits, and what the handler reports to SQS when CloudFront takes or refuses them. The
 * CloudFront and SQS clients are stand-ins that record what they are sent.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROADEST, INVALIDATION_SHARE, invalidationPaths, parentOf } from '../../functions/cdn-invalidator/paths';

const sent = vi.hoisted(() => ({
  cloudfront: [] as { input: Record<string, unknown> }[],
  sqs: [] as { input: Record<string, unknown> }[],
  failWith: undefined as Error | undefined,
}));

vi.mock('@aws-sdk/client-cloudfront', () => ({
  CloudFrontClient: class {
    async send(command: { input: Record<string, unknown> }) {
      if (sent.failWith) throw sent.failWith;
      sent.cloudfront.push(command);
      return { Invalidation: { Id: 'I123' } };
    }
  },
  CreateInvalidationCommand: class {
    constructor(readonly input: Record<string, unknown>) {}
  },
}));
vi.mock('../../functions/lib/queue', () => ({
  sqs: () => ({
    send: async (command: { input: Record<string, unknown> }) => {
      sent.sqs.push(command);
      return {};
    },
  }),
}));

const { callerReference, handler, isBusy, pathsOf, retryDelaySeconds } = await import(
  '../../functions/cdn-invalidator/handler'
);

const C = '/content/v1';

describe('invalidationPaths', () => {
  it('drops repeats, paths a wildcard covers, and anything outside the delivery API', () => {
    expect(
      invalidationPaths([
        `${C}/articles/a-story`,
        `${C}/articles/a-story`,
        `${C}/categories/world*`,
        `${C}/categories/world?page=2`,
        `${C}/categories/world-cup`,
        `${C}/search*`,
        '/api/category',
        '/media/x.png',
      ]),
    ).toEqual([`${C}/articles/a-story`, `${C}/categories/world*`, `${C}/search*`]);
  });

  it('merges sibling wildcards into their parent when one invalidation would take more than its share', () => {
    const categories = ['a', 'b', 'c', 'd'].map((slug) => `${C}/categories/${slug}*`);
    const paths = invalidationPaths([...categories, `${C}/authors/x*`, `${C}/latest*`, `${C}/home`]);
    expect(paths).toEqual([`${C}/authors/x*`, `${C}/categories/*`, `${C}/home`, `${C}/latest*`]);
    expect(paths.filter((p) => p.endsWith('*')).length).toBeLessThanOrEqual(INVALIDATION_SHARE.wildcards);
  });

  it('keeps a publish’s usual wildcards as they are', () => {
    const publish = [
      `${C}/articles/a-story`,
      `${C}/articles/id/01J0ABC`,
      `${C}/home`,
      `${C}/categories/world*`,
      `${C}/authors/jane*`,
      `${C}/latest*`,
      `${C}/search*`,
    ];
    expect(invalidationPaths(publish)).toEqual([...publish].sort());
  });

  it('falls back to the whole delivery API, one path, when nothing narrower fits', () => {
    const many = ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => `${C}/${s}*`);
    expect(invalidationPaths(many)).toEqual([BROADEST]);
    expect(invalidationPaths([BROADEST, `${C}/home`])).toEqual([BROADEST]);
  });

  it('turns too many exact paths into their parents', () => {
    const articles = Array.from({ length: INVALIDATION_SHARE.paths + 1 }, (_, i) => `${C}/articles/story-${i}`);
    expect(invalidationPaths([...articles, `${C}/home`])).toEqual([`${C}/articles/*`, `${C}/home`]);
  });

  it('parentOf goes up one level, never above the delivery API', () => {
    expect(parentOf(`${C}/categories/world*`)).toBe(`${C}/categories/*`);
    expect(parentOf(`${C}/categories/*`)).toBe(BROADEST);
    expect(parentOf(`${C}/articles/a-story`)).toBe(`${C}/articles/*`);
    expect(parentOf(BROADEST)).toBe(BROADEST);
  });
});

let sequence = 0;
function message(body: unknown, receiveCount = 1, sentAt = 1_700_000_000_000): SQSRecord {
  sequence += 1;
  return {
    messageId: `m${sequence}`,
    receiptHandle: `r${sequence}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: String(sentAt) },
  } as unknown as SQSRecord;
}
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

describe('the handler', () => {
  beforeEach(() => {
    sent.cloudfront.length = 0;
    sent.sqs.length = 0;
    sent.failWith = undefined;
    process.env.DISTRIBUTION_ID = 'E2EXAMPLE';
    process.env.INVALIDATION_QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/Invalidations';
    process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  });
  afterEach(() => {
    delete process.env.DISTRIBUTION_ID;
    delete process.env.INVALIDATION_QUEUE_URL;
  });

  it('makes one invalidation of a batch’s paths, deduplicated, and reports nothing failed', async () => {
    const result = await handler(
      event(
        message({ paths: [`${C}/home`, `${C}/latest*`] }),
        message({ paths: [`${C}/latest*`, `${C}/articles/a-story`] }),
      ),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(sent.cloudfront).toHaveLength(1);
    const input = sent.cloudfront[0]?.input as {
      DistributionId: string;
      InvalidationBatch: { CallerReference: string; Paths: { Quantity: number; Items: string[] } };
    };
    expect(input.DistributionId).toBe('E2EXAMPLE');
    expect(input.InvalidationBatch.Paths).toEqual({
      Quantity: 3,
      Items: [`${C}/articles/a-story`, `${C}/home`, `${C}/latest*`],
    });
  });

  it('reports a message that is not an invalidation on its own, and still purges the others', async () => {
    const bad = message('not json');
    const odd = message({ paths: ['no-slash'] });
    const good = message({ paths: [`${C}/home`] });
    expect(await handler(event(bad, odd, good))).toEqual({
      batchItemFailures: [{ itemIdentifier: bad.messageId }, { itemIdentifier: odd.messageId }],
    });
    expect(sent.cloudfront).toHaveLength(1);
  });

  it('when CloudFront is busy: every message back to SQS, after a short wait growing with its receives', async () => {
    sent.failWith = Object.assign(new Error('Too many'), { name: 'TooManyInvalidationsInProgress' });
    const first = message({ paths: [`${C}/home`] }, 1);
    const third = message({ paths: [`${C}/site`] }, 3);
    expect(await handler(event(first, third))).toEqual({
      batchItemFailures: [{ itemIdentifier: first.messageId }, { itemIdentifier: third.messageId }],
    });
    expect(sent.sqs.map((c) => c.input)).toEqual([
      {
        QueueUrl: process.env.INVALIDATION_QUEUE_URL,
        Entries: [
          { Id: '0', ReceiptHandle: first.receiptHandle, VisibilityTimeout: 15 },
          { Id: '1', ReceiptHandle: third.receiptHandle, VisibilityTimeout: 45 },
        ],
      },
    ]);
  });

  it('on any other refusal: every message back to SQS after the queue’s own visibility timeout', async () => {
    sent.failWith = Object.assign(new Error('Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    const only = message({ paths: [`${C}/home`] });
    expect(await handler(event(only))).toEqual({ batchItemFailures: [{ itemIdentifier: only.messageId }] });
    expect(sent.sqs).toEqual([]);
  });
});

describe('the handler’s helpers', () => {
  it('pathsOf reads only { paths: string[] } of absolute paths', () => {
    expect(pathsOf(JSON.stringify({ paths: ['/a', '/b*'] }))).toEqual(['/a', '/b*']);
    expect(pathsOf(JSON.stringify({ paths: '/a' }))).toBeUndefined();
    expect(pathsOf(JSON.stringify({ paths: [1] }))).toBeUndefined();
    expect(pathsOf('{')).toBeUndefined();
  });

  it('isBusy: too many in progress, throttling and 5xx', () => {
    const named = (name: string, status?: number) =>
      Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
    expect(isBusy(named('TooManyInvalidationsInProgress', 400))).toBe(true);
    expect(isBusy(named('Throttling', 400))).toBe(true);
    expect(isBusy(named('InternalError', 503))).toBe(true);
    expect(isBusy(named('AccessDenied', 403))).toBe(false);
    expect(isBusy('nope')).toBe(false);
  });

  it('callerReference: the same paths of the same messages give the same reference, a later message another', () => {
    const a = [message({}, 1, 1000), message({}, 1, 2000)];
    const b = [message({}, 1, 3000)];
    expect(callerReference(['/x', '/y'], a)).toBe(callerReference(['/y', '/x'], a));
    expect(callerReference(['/x', '/y'], a)).not.toBe(callerReference(['/x', '/y'], b));
    expect(callerReference(['/x'], a)).not.toBe(callerReference(['/x', '/y'], a));
  });

  it('retryDelaySeconds grows 15 s a receive, up to 5 minutes', () => {
    expect(retryDelaySeconds(message({}, 1))).toBe(15);
    expect(retryDelaySeconds(message({}, 4))).toBe(60);
    expect(retryDelaySeconds(message({}, 50))).toBe(300);
  });
});
