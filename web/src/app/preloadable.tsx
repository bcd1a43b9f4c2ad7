import { type ComponentType, lazy } from 'react';

/** A component whose code loads on first render, or earlier through `preload()`. */
export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

/**
 * React.lazy, but once the code is in (preloaded while sign-in's password is checked, say) the component renders
 * at once: React.lazy suspends on its first render however early its module arrived, which costs a fallback and
 * one more commit per lazy level (the shell, the route gate, the screen).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen when its folder loads, like React.lazy, never in a render
  function Preloaded(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
