// Installs a page-wide behaviour once per page, even when both the site bundle and the embed script run.

export function once(name: string, install: () => void): void {
  const flag = Symbol.for(`docs.behaviour.${name}`);
  const store = window as unknown as Record<symbol, boolean>;
  if (store[flag]) return;
  store[flag] = true;
  install();
}
