// The products the server offers, read from the catalogue in forms/, and the one
// place the server meets the form engine: each product and brand gets the form it
// validates with, the same document the browser uses. A new product in the catalogue
// is served with no code change here.
import { apiGroups, lastStepOf, variantsOf, type Catalogue, type CatalogueProduct } from '../../../engine/core/catalogue.ts';
import { DEFAULT_CACHE_DIR, cachedForms, uncachedForms } from '../../../engine/build/validator-cache.ts';
import { FORMS_DIR } from '../../../engine/core/node.ts';
import type { FormRuntime } from '../../../engine/core/runtime.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import { releaseOf } from '../forms/releases.ts';

export interface SubmissionResult {
  valid: boolean;
  /** Finnish messages keyed by field id (`list.1.monthlyPayment` for list rows). */
  errors: Array<{ field: string; message: string }>;
  /** Normalised, derived values added, hidden fields pruned: what may be stored. */
  data: Record<string, unknown>;
}

export interface ApplicationForm {
  /** The document's id: stored with each application as its form id. */
  readonly documentId: string;
  /** The release (the resolved document's content hash) it validates with: a new application is stamped with it. */
  readonly release: string;
  /** Every top-level field id the document knows. */
  readonly fieldIds: ReadonlySet<string>;
  /** The step that sends the application: the document's highest step number. */
  readonly lastStep: number;
  /** The form as the pages run it (the server renders a product's first step with it, src/server/first-paint.ts). */
  readonly runtime: FormRuntime;
  /** The highest step the data makes active (the mortgage's 4, or 5 with a co-applicant). */
  lastActiveStep(data: Record<string, unknown>): number;
  /** Checks the visible fields of steps 1..uptoStep; later steps' invalid answers are left out (a prefill's copy). */
  validateSubmission(data: Record<string, unknown>, options: { uptoStep: number }): SubmissionResult;
  /** A save at step uptoStep: steps 1..uptoStep, and every later answer it carries by its schema (the browser's check too). */
  validateSave(data: Record<string, unknown>, options: { uptoStep: number }): SubmissionResult;
}

export interface Products {
  readonly catalogue: Catalogue;
  /** The forms folder the catalogue and documents came from (its content: the site banners). */
  readonly formsDir: string;
  /** The products behind each API prefix; the first of a group is the default of a save that names none. */
  readonly groups: ReadonlyMap<string, readonly CatalogueProduct[]>;
  product(id: string): CatalogueProduct | undefined;
  /**
   * The form of a product as a brand shows it (the brand may add its variant): the live
   * release's, or the given release's (a stored application's; null: one started before
   * releases, which follows the live form). A release must be known (`hasRelease`).
   */
  formFor(productId: string, brandId: string, release?: string | null): ApplicationForm;
  /** Every document the server validates with: the products' and the page forms'. */
  readonly documentIds: readonly string[];
  /** The document as forms/ has it (the baseline a start publishes). */
  fileDocument(documentId: string): FormDocument;
  /** The hash of the document's live release. */
  liveRelease(documentId: string): string;
  hasRelease(hash: string): boolean;
  /** A known release's resolved document. */
  release(hash: string): FormDocument | undefined;
  /** Makes releases known by their documents, and moves the live pointers given. */
  adopt(releases: ReadonlyMap<string, FormDocument>, live?: ReadonlyMap<string, string>): void;
  /** `/hakemus/<path>`: where the product's pages are. */
  pagePath(productId: string): string;
  /**
   * A page's own one-step form that a call is checked with, the same document the page
   * shows (`user-details`: the customer's details, issue 17): its step's fields, normalised.
   */
  pageForm(documentId: PageFormId): PageForm;
  /** Compiles every product × brand form and every page form now: a broken document stops the start, not the first applicant. */
  warmUp(): void;
}

/** The page forms the server checks calls with. */
export const PAGE_FORMS = ['user-details', 'insurance'] as const;
export type PageFormId = (typeof PAGE_FORMS)[number];

export interface PageForm {
  /** The resolved document the form validates with (its fields, constants, limits). */
  document: FormDocument;
  /** Every field of the document's one step, required and schema rules, the Finnish messages; `data` normalised. */
  validate(data: Record<string, unknown>): SubmissionResult;
}

/** `validatorCache`: a folder where checked documents and compiled validators are kept between starts (engine/build/validator-cache.ts). */
export function loadProducts(formsDir = FORMS_DIR, { validatorCache }: { validatorCache?: string } = {}): Products {
  const source = validatorCache ? cachedForms(formsDir, validatorCache) : uncachedForms(formsDir);
  const catalogue = source.catalogue();
  const product = (id: string) => (Object.hasOwn(catalogue.products, id) ? catalogue.products[id] : undefined);
  const documentIds = [...new Set([...Object.values(catalogue.products).map((entry) => entry.document), ...PAGE_FORMS])];

  // Until a start publishes them (src/server/forms/live-forms.ts), the live releases are forms/'s.
  const releases = new Map<string, FormDocument>();
  const live = new Map<string, string>();
  for (const id of documentIds) {
    const { hash, document } = releaseOf(source.document(id));
    releases.set(hash, document);
    live.set(id, hash);
  }
  const releaseDocument = (documentId: string, release: string | null | undefined) => {
    const hash = release ?? live.get(documentId)!;
    const doc = releases.get(hash);
    if (!doc) throw new Error(`release ${hash} of ${documentId} is not loaded`);
    return { hash, doc };
  };

  const forms = new Map<string, ApplicationForm>();
  const formFor = (productId: string, brandId: string, release?: string | null): ApplicationForm => {
    const entry = product(productId);
    if (!entry) throw new Error(`no product ${productId} in the catalogue`);
    const { hash, doc } = releaseDocument(entry.document, release);
    const variants = variantsOf(catalogue, entry, brandId, doc);
    const key = `${hash}\0${[...variants].sort().join('+')}`;
    let form = forms.get(key);
    if (!form) {
      const runtime = source.runtimeOf(doc, variants);
      form = {
        documentId: entry.document,
        release: hash,
        fieldIds: new Set(runtime.fieldIds),
        lastStep: lastStepOf(runtime.document),
        runtime,
        lastActiveStep: (data) => lastStepOf({ steps: runtime.activeSteps(data) }),
        validateSubmission: (data, options) => runtime.validateSubmission(data, options),
        validateSave: (data, options) => runtime.validateSave(data, options),
      };
      forms.set(key, form);
    }
    return form;
  };

  const pageForms = new Map<string, PageForm>();
  const pageForm = (documentId: PageFormId): PageForm => {
    const { hash, doc } = releaseDocument(documentId, undefined);
    let form = pageForms.get(hash);
    if (!form) {
      const runtime = source.runtimeOf(doc, []);
      form = { document: runtime.document, validate: (data) => runtime.validateSubmission(data, { uptoStep: lastStepOf(runtime.document) }) };
      pageForms.set(hash, form);
    }
    return form;
  };

  return {
    catalogue,
    formsDir,
    groups: apiGroups(catalogue),
    product,
    formFor,
    pageForm,
    documentIds,
    fileDocument: (id) => source.document(id),
    liveRelease: (id) => live.get(id)!,
    hasRelease: (hash) => releases.has(hash),
    release: (hash) => releases.get(hash),
    adopt(known, moved) {
      for (const [hash, doc] of known) releases.set(hash, doc);
      for (const [id, hash] of moved ?? []) if (documentIds.includes(id) && releases.has(hash)) live.set(id, hash);
    },
    pagePath: (productId) => `/hakemus/${product(productId)?.path ?? catalogue.products[catalogue.defaultProduct].path}`,
    warmUp() {
      for (const entry of Object.values(catalogue.products)) for (const brand of entry.brands) formFor(entry.id, brand);
      for (const id of PAGE_FORMS) pageForm(id);
    },
  };
}

/** The shipped catalogue, loaded once per process; its checked documents and validators are cached on disk. */
let shipped: Products | undefined;
export const shippedProducts = (): Products => (shipped ??= loadProducts(FORMS_DIR, { validatorCache: DEFAULT_CACHE_DIR }));
