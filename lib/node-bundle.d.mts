/** Bundles `entry` (local imports inlined, packages external) into `outfile`; returns its inputs' content hashes. */
export function bundleForNode(options: { entry: string; outfile: string }): Promise<Record<string, string>>;
/** The up-to-date bundle of `entry` under `<root>/.cache/bundles/` (rebuilt when one of its files changed). */
export function bundledEntry(entry: string, root: string): Promise<string>;
