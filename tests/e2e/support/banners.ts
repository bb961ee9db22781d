// The e2e server's site banner file (SITE_BANNERS_FILE, set by serve.ts): one per E2E_PORT, so
// runs side by side keep their banners apart; a spec writes banners to it and the server serves
// them at once (it reads the file again when it changes).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const bannersFileFor = (port: number | string): string => join(tmpdir(), `lainavertailu-e2e-banners-${port}.json`);

export function writeBanners(banners: unknown[], port: number | string = process.env.E2E_PORT ?? 4321): void {
  writeFileSync(bannersFileFor(port), JSON.stringify({ banners }));
}
