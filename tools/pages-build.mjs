// What decides whether `npm start` must build the pages again (tools/start.mjs): the
// sources' hash and the build mode. The mode is part of it because a build made once under
// NODE_ENV=development carries React's development build (about 780 KB raw entry, +28 % on
// the wire) and, with only the sources hashed, kept being served by every later `npm start`
// (issue 31 goal 3). Plain JavaScript: the start reads it before anything compiles TypeScript.
import { hashSources } from '../engine/build/sources-hash.mjs';

// The marketplace's data files: the pages state their lender counts (src/build/lender-counts.ts).
export const PAGES_INPUTS = ['src/app', 'src/studio', 'src/flows', 'src/build', 'src/server/marketplace/lenders.json', 'src/server/marketplace/business-lenders.json', 'src/server/marketplace/mortgage-banks.json', 'engine', 'forms', 'custom-validators', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

/**
 * The mode Vite builds in for this NODE_ENV: it replaces `process.env.NODE_ENV` with the
 * caller's value when there is one, so anything but production (development, test) gives
 * React's development build.
 * @param {string | undefined} nodeEnv
 */
export const buildMode = (nodeEnv) => (nodeEnv === undefined || nodeEnv.trim() === '' || nodeEnv.trim() === 'production' ? 'production' : nodeEnv.trim());

/**
 * The stamp's key: sources and mode.
 * @param {string} root
 * @param {string | undefined} nodeEnv
 */
export const pagesBuildKey = (root, nodeEnv) => `${hashSources(root, PAGES_INPUTS)}:${buildMode(nodeEnv)}`;
