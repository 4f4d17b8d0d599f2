// The built pages' shadow stylesheets read the page's tokens directly (vite.config.ts, inlineShadowAliases):
// every alias of platform/shadow-palette.css goes in place of its uses, and no alias list is left to ship.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inlineShadowAliases } from '../../vite.config.ts';

test('each --w-* alias of the page’s token is put in place of its uses, and the declarations go', () => {
  const built = inlineShadowAliases(
    ':host{--w-text:var(--docs-text);--w-radius:var(--docs-radius)}*,:before,:after{box-sizing:border-box}.b{color:var(--w-text);border-radius:var(--w-radius) 0 0 var(--w-radius)}',
  );
  assert.equal(
    built,
    '*,:before,:after{box-sizing:border-box}.b{color:var(--docs-text);border-radius:var(--docs-radius) 0 0 var(--docs-radius)}',
  );
});

test('a token that is no alias of a page token stays as it is', () => {
  const built = inlineShadowAliases(
    ':host{--w-text:var(--docs-text);--w-ok:#16a34a}.b{color:var(--w-ok);background:var(--w-text)}',
  );
  assert.equal(built, ':host{--w-ok:#16a34a}.b{color:var(--w-ok);background:var(--docs-text)}');
});
