/**
 * State that every copy of a module in one process shares. The local stack can run each Lambda's bundle
 * (`npm start -- --bundles`), and a bundle carries its own copy of lib/ beside the sources the stack and the tests
 * load: what they set (the rename listeners, a test's clock) must reach every copy. In Lambda a process holds one
 * copy, so this is the same as a module variable.
 */
export function processWide<T extends object>(name: string, create: () => T): T {
  const key = Symbol.for(`admin-portal:${name}`);
  const shared = globalThis as unknown as Record<symbol, T | undefined>;
  shared[key] ??= create();
  return shared[key];
}
