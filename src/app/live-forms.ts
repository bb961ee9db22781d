// A page whose build carries an older form than the server now publishes loads the live
// release's module instead (issue 29 item 3): the server says which release of each form is
// live (GET /api/forms/live, asked once as the page starts), the build knows which it carries,
// and where they differ the form comes from /forms/<release>/<variants>.js, made by the server
// from the published document: its texts, limits and validator, with no rebuild. If the ask
// fails the build's form is used; the server checks every save with the live form anyway.
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
  return async (document, wanted) => {
    const release = (await live.catch(() => undefined))?.[document];
    if (!release || release === builtReleases[document]) return built(document, wanted);
    const url = releaseModuleUrl(release, wanted);
    let form = loaded.get(url);
    if (!form) {
      form = Promise.all([importModule(url), helpers()]).then(([module, { finnishValidators, ajvRuntime }]) => ({
        runtime: createFormRuntime(module.document, module.createValidator(finnishValidators, ajvRuntime)),
      }));
      loaded.set(url, form);
    }
    return form;
  };
}

/** Asks the server which releases are live; undefined on any failure (the build's forms are used). */
export async function askLiveReleases(): Promise<Readonly<Record<string, string>> | undefined> {
  try {
    const response = await fetch('/api/forms/live', { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { releases?: Record<string, string> };
    return body.releases;
  } catch {
    return undefined;
  }
}
