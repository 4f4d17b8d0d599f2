// The layering rules (.dependency-cruiser.mjs) hold for the repository, and each rule catches the import it
// forbids (a fixture tree laid out like the repository, one violation of every rule).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkLayers, formatViolation, type LayerViolation } from '../../scripts/layers.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/layering');

describe('layering', () => {
  test('the repository has no import cycle and no import across the tiers', async () => {
    const violations = await checkLayers();
    assert.deepEqual(violations.map(formatViolation), [], `\n${violations.map(formatViolation).join('\n')}`);
  });

  test('every rule names the offending import in a tree that breaks it', async () => {
    const found = (await checkLayers(FIXTURE)).map((v: LayerViolation) => `${v.rule}: ${v.from} -> ${v.to}`).sort();
    assert.deepEqual(found, [
      'build-never-imports-layouts: lib/page.ts -> layouts/Page.tsx',
      'common-imports-nothing-of-ours: common/leaf.ts -> lib/model.ts',
      'layouts-receive-data: layouts/Page.tsx -> lib/render.ts',
      'layouts-receive-data: layouts/Page.tsx -> widgets/toggle.ts',
      'no-circular: layouts/Page.tsx -> lib/render.ts',
      'no-circular: layouts/Page.tsx -> widgets/toggle.ts',
      'no-circular: lib/page.ts -> lib/render.ts',
      'widgets-take-only-common: widgets/toggle.ts -> layouts/Page.tsx',
    ]);
  });
});
