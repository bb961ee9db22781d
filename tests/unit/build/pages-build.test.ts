// `npm start` rebuilds the pages when their sources or the build mode changed (issue 31 goal 3):
// a build made once under NODE_ENV=development must not keep being served to a production start.
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { buildMode, pagesBuildKey, PAGES_INPUTS } from '../../../tools/pages-build.mjs';

const root = resolve(import.meta.dirname, '../../..');

describe('the pages build stamp', () => {
  it('names the mode Vite builds in for each NODE_ENV', () => {
    expect(buildMode(undefined)).toBe('production');
    expect(buildMode('')).toBe('production');
    expect(buildMode(' production ')).toBe('production');
    expect(buildMode('development')).toBe('development');
    // Vite passes any other value on, and React then picks its development build.
    expect(buildMode('test')).toBe('test');
  });

  it('differs between a development and a production build of the same sources', () => {
    const production = pagesBuildKey(root, undefined);
    expect(pagesBuildKey(root, 'production')).toBe(production);
    expect(pagesBuildKey(root, 'development')).not.toBe(production);
    expect(pagesBuildKey(root, 'development').split(':')[0]).toBe(production.split(':')[0]);
  });

  it('covers the studio and the applicant pages', () => {
    expect(PAGES_INPUTS).toEqual(expect.arrayContaining(['src/app', 'src/studio', 'engine', 'forms']));
  });
});
