// What embedding rests on: the docs site's address (docs-base.ts: from the embed script's URL, the attribute,
// never on the docs site itself), the on-demand parts of the embed script (chunk.ts: handed over through an
// event on their own <script>, nothing global, a failed load may be tried again) and adopted sheets.
import { deepEqual, equal, includes, ok } from '../../test/support/assert.ts';
import { captureConsole } from '../../test/support/dom.ts';
import { CHUNK_EVENT, loadChunk } from './chunk.ts';
import { baseOfScript, besideScript, docsBase, docsUrl, rememberScriptBase, resetScriptBase } from './docs-base.ts';

const root = document.documentElement;

describe('the docs site’s address', () => {
  afterEach(() => {
    resetScriptBase();
    delete root.dataset.site;
  });

  it('is the folder above assets/ of the embed script, else the script’s own folder', () => {
    equal(baseOfScript('https://docs.example.test/assets/embed.js'), 'https://docs.example.test/');
    equal(baseOfScript('https://docs.example.test/docs/assets/embed.js?v=2'), 'https://docs.example.test/docs/');
    equal(baseOfScript('https://cdn.example.test/lib/embed.js'), 'https://cdn.example.test/lib/');
  });

  it('comes from the embed script on another site, from the attribute anywhere, and is none on the docs site', () => {
    const script = document.createElement('script');
    script.src = 'https://docs.example.test/assets/embed.js';
    rememberScriptBase(script);
    equal(docsBase(), 'https://docs.example.test/');
    equal(besideScript('embed-search.js'), 'https://docs.example.test/assets/embed-search.js');
    equal(docsBase('https://other.example.test/docs'), 'https://other.example.test/docs/', 'a folder, with its slash');
    root.dataset.site = '{}';
    equal(docsBase(), undefined, 'the docs site keeps its own URLs');
    equal(docsBase('https://other.example.test/'), 'https://other.example.test/');
  });

  it('makes URLs absolute when there is one, and leaves them alone when not', () => {
    equal(
      docsUrl('/config/test/retry#x', 'https://docs.example.test/docs/'),
      'https://docs.example.test/config/test/retry#x',
    );
    equal(
      docsUrl('guide/intro.md', 'https://docs.example.test/docs/'),
      'https://docs.example.test/docs/guide/intro.md',
    );
    equal(docsUrl('/config/test/retry', undefined), '/config/test/retry');
  });

  it('reports a docs-base that is not an http(s) URL, once, and uses the default', async () => {
    for (const bad of [
      'http://[bad',
      'javascript:alert(1)//',
      'data:text/html,x',
      'vbscript:x',
      'ftp://docs.example.test/',
    ]) {
      const { errors } = await captureConsole(() => {
        equal(docsBase(bad, 'copy-markdown'), undefined, bad);
        equal(docsBase(bad, 'copy-markdown'), undefined, bad);
      });
      deepEqual(
        errors,
        [`<copy-markdown>: attribute "docs-base" is not an http(s) URL (${JSON.stringify(bad)}); using the default.`],
        bad,
      );
    }
  });
});

describe('on-demand parts of the embed script', () => {
  const part = (body: string) => URL.createObjectURL(new Blob([body], { type: 'text/javascript' }));
  const factory = (result: string) =>
    part(
      `(function(){var s=document.currentScript;s.dispatchEvent(new CustomEvent(${JSON.stringify(CHUNK_EVENT)},{detail:function(a,b){return ${result}}}))})();`,
    );

  it('hands the factory the embed script’s libraries, once, and leaves no element or global behind', async () => {
    const before = Object.getOwnPropertyNames(window).length;
    const url = factory('{ sum: a + b }');
    const first = loadChunk<{ sum: number }>(url, [1, 2]);
    equal(loadChunk(url, [5, 5]), first, 'one load per file');
    deepEqual(await first, { sum: 3 });
    equal(document.querySelectorAll('script[src^="blob:"]').length, 0);
    equal(Object.getOwnPropertyNames(window).length, before);
  });

  it('rejects a file that fails to load or does not register, and may load it again', async () => {
    const missing = `${location.origin}/no-such-part.js`;
    let failure = '';
    const first = loadChunk(missing, []);
    await first.catch((error: Error) => (failure = error.message));
    includes(failure, 'could not be loaded');
    const silent = part('void 0;');
    await loadChunk(silent, []).catch((error: Error) => (failure = error.message));
    includes(failure, 'did not register');
    const again = loadChunk(missing, []);
    ok(again !== first, 'a new attempt, not the failed one');
    await again.catch(() => undefined);
  });
});
