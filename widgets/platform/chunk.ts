// Loads a part of the embed script on demand: a classic <script> from the embed script's folder, so neither
// CORS nor a module loader is needed and the host's CSP treats it like embed.js. Nothing global: the file hands
// a factory to the loader through an event on its own <script> element (the build wraps it so, vite.config.ts),
// the loader calls it with the libraries the embed script already has (one React for both), and the element
// leaves the page again.

/** The event an on-demand part dispatches on its <script>, with its factory as detail. */
export const CHUNK_EVENT = 'docs-widgets:chunk';

/** What the embed script shares with its parts, in the factory's parameter order (vite.config.ts names them). */
export type ChunkDependencies = unknown[];

const loaded = new Map<string, Promise<unknown>>();

export function loadChunk<T>(url: string, dependencies: ChunkDependencies): Promise<T> {
  let promise = loaded.get(url) as Promise<T> | undefined;
  if (promise) return promise;
  promise = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    let result: { value: T } | undefined;
    script.src = url;
    script.async = true;
    script.addEventListener(CHUNK_EVENT, (event) => {
      try {
        result = { value: ((event as CustomEvent).detail as (...deps: unknown[]) => T)(...dependencies) };
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    script.addEventListener('load', () => {
      script.remove();
      if (result) resolve(result.value);
      else reject(new Error(`${url} did not register`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`${url} could not be loaded`));
    });
    (document.head ?? document.documentElement).append(script);
  });
  // A failed load may be tried again (the reader clicks once more).
  promise.catch(() => loaded.delete(url));
  loaded.set(url, promise);
  return promise;
}
