// The stamps `npm start` compares before it skips a build (engine/build/sources-hash.mjs):
// current while the inputs keep their bytes, stale when one changes, appears or goes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { hashSources, readStamp, stampIsCurrent, writeStamp } from '../../../engine/build/sources-hash.mjs';

const root = mkdtempSync(join(tmpdir(), 'lv-stamp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('keeps a stamp current until an input changes, appears or goes', () => {
  mkdirSync(join(root, 'src/nested'), { recursive: true });
  writeFileSync(join(root, 'src/a.ts'), 'a');
  writeFileSync(join(root, 'src/nested/b.ts'), 'b');
  writeFileSync(join(root, 'lock.json'), '{}');
  const inputs = ['src', 'lock.json'];
  const stamp = join(root, '.sources');
  expect(stampIsCurrent(root, stamp)).toBe(false);
  writeStamp(stamp, hashSources(root, inputs), inputs);
  expect(readStamp(stamp)).toEqual({ hash: hashSources(root, inputs), inputs });
  expect(stampIsCurrent(root, stamp)).toBe(true);

  writeFileSync(join(root, 'src/nested/b.ts'), 'B');
  expect(stampIsCurrent(root, stamp)).toBe(false);
  writeFileSync(join(root, 'src/nested/b.ts'), 'b');
  expect(stampIsCurrent(root, stamp)).toBe(true);

  writeFileSync(join(root, 'src/c.ts'), '');
  expect(stampIsCurrent(root, stamp)).toBe(false);
  rmSync(join(root, 'src/c.ts'));
  rmSync(join(root, 'lock.json'));
  expect(stampIsCurrent(root, stamp)).toBe(false);
});
