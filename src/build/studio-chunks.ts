// The form studio's lazy chunks (src/studio/**) are named `studio-<name>-<hash>.js`, so a test
// of what an applicant's page loads can recognise any studio code by its file name alone.
// The studio's entry is `studio-<hash>.js` by its input name (vite.config.ts).
import type { PreRenderedChunk } from 'rolldown';

const STUDIO_SOURCE = /[\\/]src[\\/]studio[\\/]/;

export function studioChunkName(chunk: PreRenderedChunk): string {
  const studio = chunk.facadeModuleId ? STUDIO_SOURCE.test(chunk.facadeModuleId) : chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => STUDIO_SOURCE.test(id));
  return studio ? 'assets/studio-[name]-[hash].js' : 'assets/[name]-[hash].js';
}
