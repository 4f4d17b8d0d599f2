// Large texts the build keeps for a while (each page's rendered body and published Markdown, for the whole build;
// the search index files until they are written), held as UTF-8 bytes outside the JavaScript heap and read back
// as strings. As strings they were most of the heap of a large build: markdown-it's output is a tree of pieces
// (a concatenated string) several times the text's size, a Chinese page's text takes two bytes a character, and
// the garbage collector walks all of it on every full collection. A read decodes (a page's body is read about
// twice per build); whoever only writes the text takes its bytes (`bytesOf`), never made a string.

/** The bytes of each object's stored properties, by key. */
const stores = new WeakMap<object, Record<string, Buffer[]>>();

/** Defines `object[key]` as a string property stored as UTF-8 bytes (`chunks`, in order): reads decode, writes encode. */
export function storeBytes<T extends object>(object: T, key: keyof T & string, chunks: Buffer[]): void {
  let stored = stores.get(object);
  if (!stored) stores.set(object, (stored = {}));
  stored[key] = chunks;
  const bytes = stored;
  Object.defineProperty(object, key, {
    enumerable: true,
    configurable: true,
    get: () => (bytes[key].length === 1 ? bytes[key][0] : Buffer.concat(bytes[key])).toString(),
    set: (value: string) => {
      bytes[key] = [Buffer.from(value)];
    },
  });
}

/** Defines `object[key]` as a string property stored as UTF-8 bytes: reads decode, writes encode. */
export function storeText<T extends object>(object: T, key: keyof T & string, text: string): void {
  storeBytes(object, key, [Buffer.from(text)]);
}

/** The UTF-8 bytes of `object[key]`, in chunks: the stored ones, or the string's. */
export function bytesOf<T extends object>(object: T, key: keyof T & string): Buffer[] {
  return stores.get(object)?.[key] ?? [Buffer.from(String(object[key]))];
}

/** Collects a long text written in many small parts as chunks of about `size` bytes. */
export class ChunkWriter {
  readonly chunks: Buffer[] = [];
  private pending: string[] = [];
  private pendingLength = 0;

  constructor(private readonly size = 1 << 20) {}

  write(text: string): void {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= this.size) this.flush();
  }

  /** The chunks, everything written included. */
  end(): Buffer[] {
    this.flush();
    return this.chunks;
  }

  private flush(): void {
    if (!this.pending.length) return;
    this.chunks.push(Buffer.from(this.pending.join('')));
    this.pending = [];
    this.pendingLength = 0;
  }
}
