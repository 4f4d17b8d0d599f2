// Large texts the site model keeps for the whole build (each page's rendered body, its published Markdown), held
// as UTF-8 bytes outside the JavaScript heap and read back as strings. As strings they were most of the heap of
// a large build: markdown-it's output is a tree of pieces (a concatenated string) several times the text's size,
// a Chinese page's text takes two bytes a character, and the garbage collector walks all of it on every full
// collection. Bytes cost a decode per read (a page's body is read about twice per build).

/** Defines `object[key]` as a string property stored as UTF-8 bytes: reads decode, writes encode. */
export function storeText<T extends object>(object: T, key: keyof T & string, text: string): void {
  let bytes = Buffer.from(text);
  Object.defineProperty(object, key, {
    enumerable: true,
    configurable: true,
    get: () => bytes.toString(),
    set: (value: string) => {
      bytes = Buffer.from(value);
    },
  });
}
