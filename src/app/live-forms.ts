// A page whose build carries an older form than the server now publishes loads the live
// release's module instead (issue 29 item 3): the server says which release of each form is
// live (named in the served page, src/server/live-page.ts; else GET /api/forms/live, asked once
// as the page starts), the build knows which it carries, and where they differ the form comes
// from /forms/<release>/<variants>.js, made by the server from the published document: its texts,
// limits and validator, with no rebuild. A resumed application renders the release it was started
// on, live or not. If the ask fails the build's form is used; the server checks every save anyway.
import { createFormRuntime, type FormDocument, type SchemaValidateFunction } from '../../engine/core/index.ts';
import type { FormLoader, LoadedForm } from './form-source.ts';

/** What a release module exports (engine/core/compile.ts generateReleaseModule). */
export interface ReleaseModule {
  document: FormDocument;
  createValidator(finnishValidators: unknown, ajvRuntime: unknown): SchemaValidateFunction;
}

export interface LiveFormOptions {
  /** Document id → live release; undefined when the server could not be asked. */
  live: Promise<Readonly<Record<string, string>> | undefined>;
  importModule: (url: string) => Promise<ReleaseModule>;
  /** The Finnish validators and AJV's helpers, handed to a module's factory. */
  helpers: () => Promise<{ finnishValidators: unknown; ajvRuntime: unknown }>;
}

/** The module of a release for the wanted variants (the server applies those its document declares). */
export const releaseModuleUrl = (release: string, wanted: readonly string[]) => `/forms/${release}/${wanted.length ? [...new Set(wanted)].sort().join('+') : 'base'}.js`;

export function liveFormLoader(built: FormLoader, builtReleases: Readonly<Record<string, string>>, { live, importModule, helpers }: LiveFormOptions): FormLoader {
  const loaded = new Map<string, Promise<LoadedForm>>();
  const done = new Map<string, LoadedForm>();
  // The live releases once the ask has answered (`known`), for `loaded`, which cannot wait.
  let liveNow: Readonly<Record<string, string>> | undefined;
  let known = false;
  live.then(
    (releases) => {
      liveNow = releases;
      known = true;
    },
    () => {
      known = true;
    },
  );
  // The build's forms named with their release, each once (the page compares what it shows by identity).
  const named = new WeakMap<LoadedForm, LoadedForm>();
  const nameBuilt = (document: string, form: LoadedForm) => {
    const release = builtReleases[document];
    if (!release) return form;
    let name = named.get(form);
    if (!name) named.set(form, (name = { ...form, release }));
    return name;
  };
  const load: FormLoader = async (document, wanted, pinned) => {
    // A held application's own release, though no longer live; else the live one.
    const release = pinned ?? (await live.catch(() => undefined))?.[document];
    if (!release || release === builtReleases[document]) return nameBuilt(document, await built(document, wanted));
    const url = releaseModuleUrl(release, wanted);
    let form = loaded.get(url);
    if (!form) {
      form = Promise.all([importModule(url), helpers()]).then(([module, { finnishValidators, ajvRuntime }]) => {
        const made = { runtime: createFormRuntime(module.document, module.createValidator(finnishValidators, ajvRuntime)), release };
        done.set(url, made);
        return made;
      });
      loaded.set(url, form);
    }
    return form;
  };
  load.loaded = (document, wanted, pinned) => {
    if (!pinned && !known) return undefined;
    const release = pinned ?? liveNow?.[document];
    if (!release || release === builtReleases[document]) {
      const form = built.loaded?.(document, wanted);
      return form && nameBuilt(document, form);
    }
    return done.get(releaseModuleUrl(release, wanted));
  };
  return load;
}

/** The id of the data block in which the served page names the live releases (src/server/live-page.ts). */
export const LIVE_FORMS_ELEMENT = 'lv-live-forms';

/** The live releases the page was served with: `{"releases": {document: release}}`; undefined when absent or not that shape. */
export function releasesInPage(text: string | null | undefined): Readonly<Record<string, string>> | undefined {
  if (!text) return undefined;
  try {
    const releases = (JSON.parse(text) as { releases?: unknown } | null)?.releases;
    if (!releases || typeof releases !== 'object' || Array.isArray(releases)) return undefined;
    const entries = Object.entries(releases);
    return entries.every(([, release]) => typeof release === 'string') ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

/** The live releases: as the served page names them, else asked of the server; undefined on any failure (the build's forms are used). */
export async function askLiveReleases(): Promise<Readonly<Record<string, string>> | undefined> {
  const named = typeof document === 'undefined' ? undefined : releasesInPage(document.getElementById(LIVE_FORMS_ELEMENT)?.textContent);
  if (named) return named;
  try {
    const response = await fetch('/api/forms/live', { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { releases?: Record<string, string> };
    return body.releases;
  } catch {
    return undefined;
  }
}
