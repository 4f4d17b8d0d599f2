// Which files are images: by extension, and by their first bytes (a file named .png that is not one, e.g. a secret
// renamed, is not published as an image).
import fs from 'node:fs';
import path from 'node:path';

const starts = (bytes: Buffer, signature: string | number[], at = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.subarray(at, at + expected.length).equals(expected);
};

/** Each image extension the build copies, and how its first bytes look. */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  '.png': (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  '.jpg': (b) => starts(b, [0xff, 0xd8, 0xff]),
  '.jpeg': (b) => starts(b, [0xff, 0xd8, 0xff]),
  '.gif': (b) => starts(b, 'GIF87a') || starts(b, 'GIF89a'),
  '.webp': (b) => starts(b, 'RIFF') && starts(b, 'WEBP', 8),
  '.avif': (b) => starts(b, 'ftyp', 4) && (starts(b, 'avif', 8) || starts(b, 'avis', 8)),
  '.apng': (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  '.ico': (b) => starts(b, [0x00, 0x00, 0x01, 0x00]),
  '.bmp': (b) => starts(b, 'BM'),
  // A text format: an <svg> element near the start (after an XML declaration, a doctype or comments).
  '.svg': (b) => /<svg[\s>]/i.test(b.toString('utf8')),
};

export const IMAGE_EXTENSIONS = Object.keys(SIGNATURES);

export const isImageExtension = (file: string): boolean => Object.hasOwn(SIGNATURES, path.extname(file).toLowerCase());

/** Whether the file's first bytes are those of the image type its extension names. */
export function hasImageBytes(file: string): boolean {
  const check = SIGNATURES[path.extname(file).toLowerCase()];
  if (!check) return false;
  const head = Buffer.alloc(4096);
  const fd = fs.openSync(file, 'r');
  try {
    return check(head.subarray(0, fs.readSync(fd, head, 0, head.length, 0)));
  } finally {
    fs.closeSync(fd);
  }
}
