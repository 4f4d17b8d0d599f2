// Where embed.js's bytes go: builds the embed script in memory exactly as vite.config.ts does, with a source
// map, and gives every byte of the minified output to the source it came from. Per module: minified bytes and
// the gzip of those bytes alone (modules compress together a little better than alone, so the column sums
// to a bit more than the file's gzip).
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eachMapping, TraceMap, type EncodedSourceMap } from '@jridgewell/trace-mapping';
import { build, type Rolldown } from 'vite';
import { embedConfig } from '../vite.config.ts';

export interface ModuleShare {
  /** `react-dom/cjs/react-dom-client.production.js`, `widgets/platform/define.ts`; "(bundler)" for generated code. */
  module: string;
  bytes: number;
  gzip: number;
}

export interface EmbedReport {
  bytes: number;
  gzip: number;
  modules: ModuleShare[];
}

function moduleName(source: string | null): string {
  if (!source) return '(bundler)';
  const clean = source.replace(/\?.*$/, '');
  const inPackages = clean.lastIndexOf('node_modules/');
  return inPackages >= 0
    ? clean.slice(inPackages + 'node_modules/'.length)
    : path.relative(process.cwd(), path.resolve(process.cwd(), '.build/assets', clean));
}

/** The embed script (`main`) or one of its on-demand parts, built now from the sources, byte by byte to its modules. */
export async function embedReport(part: Parameters<typeof embedConfig>[0]): Promise<EmbedReport> {
  const output = (await build(embedConfig(part, { write: false, sourcemap: 'hidden' }))) as Rolldown.RolldownOutput[];
  const chunk = output[0].output.find((o): o is Rolldown.OutputChunk => o.type === 'chunk')!;
  const code = chunk.code;
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const starts: { at: number; module: string }[] = [];
  eachMapping(new TraceMap(chunk.map as unknown as EncodedSourceMap), (m) => {
    starts.push({ at: lineStarts[m.generatedLine - 1] + m.generatedColumn, module: moduleName(m.source) });
  });
  starts.sort((a, b) => a.at - b.at);
  const text = new Map<string, string[]>();
  const take = (module: string, from: number, to: number) =>
    text.set(module, [...(text.get(module) ?? []), code.slice(from, to)]);
  if (starts.length && starts[0].at > 0) take('(bundler)', 0, starts[0].at);
  starts.forEach((s, i) => take(s.module, s.at, starts[i + 1]?.at ?? code.length));
  const modules = [...text].map(([module, parts]) => {
    const joined = parts.join('');
    return { module, bytes: Buffer.byteLength(joined), gzip: gzipSync(joined).length };
  });
  modules.sort((a, b) => b.gzip - a.gzip);
  return { bytes: Buffer.byteLength(code), gzip: gzipSync(code).length, modules };
}
