import { lazy, type ComponentType } from 'react';

export interface LazyPage<P extends object> {
  /** Renders the page once its chunk is loaded (suspends until then). */
  Page: ComponentType<P>;
  /** Starts loading the chunk without rendering it. */
  preload: () => void;
}

/**
 * A page whose code is a chunk of its own, loaded the first time the page is shown (or preloaded
 * by the route table as the route is entered). A chunk that fails to load throws into the route's
 * error element, which offers a reload.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return { Page, preload: () => void load().catch(() => undefined) };
}
