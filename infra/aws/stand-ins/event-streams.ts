/**
 * Replaces `@smithy/core/event-streams` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts):
 * the codec of the operations that stream events (S3 SelectObjectContent, Bedrock, Kinesis…), which no Lambda
 * here calls. DynamoDB's protocol imports it only for such an operation; the S3 client configures it when it is
 * made. ~14 KB of every bundle, more with S3. The configuration step is the package's own; anything that would
 * stream events throws, so a new use fails loudly instead of misbehaving.
 */
const unsupported = (): never => {
  throw new Error('Event streams are left out of the Lambda bundles (infra/aws/stand-ins/event-streams.ts)');
};

/** As @smithy/core: the client's config gets the marshaller its provider makes. */
export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(
  input: T,
) => Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

/** A marshaller that refuses to (de)serialize. */
export const eventStreamSerdeProvider = () => ({ serialize: unsupported, deserialize: unsupported });

export class EventStreamSerde {
  constructor() {
    unsupported();
  }
}
