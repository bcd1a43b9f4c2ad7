/**
 * Replaces `mnemonist/lru-cache` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts). Its one
 * user there is the DynamoDB client's endpoint-discovery cache (@aws-sdk/endpoint-cache), which calls only
 * get, set, has, peek and clear; mnemonist and obliterator are ~7 KB of every bundle. A Map keeps insertion
 * order, so the first key is the least recently used. tests/unit/lambda-stand-ins.test.ts runs both side by side.
 */
export default class LRUCache<K, V> {
  private readonly items = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.items.size;
  }

  get(key: K): V | undefined {
    if (!this.items.has(key)) return undefined;
    const value = this.items.get(key) as V;
    this.items.delete(key);
    this.items.set(key, value);
    return value;
  }

  peek(key: K): V | undefined {
    return this.items.get(key);
  }

  has(key: K): boolean {
    return this.items.has(key);
  }

  set(key: K, value: V): this {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.items.clear();
  }
}
