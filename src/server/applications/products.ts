// The products the server offers, read from the catalogue in forms/, and the one
// place the server meets the form engine: each product and brand gets the form it
// validates with, the same document the browser uses. A new product in the catalogue
// is served with no code change here.
import { apiGroups, lastStepOf, variantsOf, type Catalogue, type CatalogueProduct } from '../../../engine/core/catalogue.ts';
import { FORMS_DIR, loadFormRuntime, readCatalogue, readFormDocument } from '../../../engine/core/node.ts';

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
  /** Every top-level field id the document knows. */
  readonly fieldIds: ReadonlySet<string>;
  /** The step that sends the application: the document's highest step number. */
  readonly lastStep: number;
  /** The highest step the data makes active (the mortgage's 4, or 5 with a co-applicant). */
  lastActiveStep(data: Record<string, unknown>): number;
  /** Checks the visible fields of steps 1..uptoStep. */
  validateSubmission(data: Record<string, unknown>, options: { uptoStep: number }): SubmissionResult;
}

export interface Products {
  readonly catalogue: Catalogue;
  /** The products behind each API prefix; the first of a group is the default of a save that names none. */
  readonly groups: ReadonlyMap<string, readonly CatalogueProduct[]>;
  product(id: string): CatalogueProduct | undefined;
  /** The form of a product as a brand shows it (the brand may add its variant). */
  formFor(productId: string, brandId: string): ApplicationForm;
  /** `/hakemus/<path>`: where the product's pages are. */
  pagePath(productId: string): string;
  /** Compiles every product × brand form now: a broken document stops the start, not the first applicant. */
  warmUp(): void;
}

export function loadProducts(formsDir = FORMS_DIR): Products {
  const catalogue = readCatalogue(formsDir);
  const forms = new Map<string, ApplicationForm>();
  const product = (id: string) => (Object.hasOwn(catalogue.products, id) ? catalogue.products[id] : undefined);

  const formFor = (productId: string, brandId: string): ApplicationForm => {
    const entry = product(productId);
    if (!entry) throw new Error(`no product ${productId} in the catalogue`);
    const doc = readDocument(entry.document);
    const variants = variantsOf(catalogue, entry, brandId, doc);
    const key = `${entry.document}\0${[...variants].sort().join('+')}`;
    let form = forms.get(key);
    if (!form) {
      const runtime = loadFormRuntime(entry.document, variants, formsDir);
      form = {
        documentId: entry.document,
        fieldIds: new Set(runtime.fieldIds),
        lastStep: lastStepOf(runtime.document),
        lastActiveStep: (data) => lastStepOf({ steps: runtime.activeSteps(data) }),
        validateSubmission: (data, options) => runtime.validateSubmission(data, options),
      };
      forms.set(key, form);
    }
    return form;
  };

  const documents = new Map<string, ReturnType<typeof readFormDocument>>();
  function readDocument(id: string) {
    let doc = documents.get(id);
    if (!doc) documents.set(id, (doc = readFormDocument(id, formsDir)));
    return doc;
  }

  return {
    catalogue,
    groups: apiGroups(catalogue),
    product,
    formFor,
    pagePath: (productId) => `/hakemus/${product(productId)?.path ?? catalogue.products[catalogue.defaultProduct].path}`,
    warmUp() {
      for (const entry of Object.values(catalogue.products)) for (const brand of entry.brands) formFor(entry.id, brand);
    },
  };
}

/** The shipped catalogue, loaded once per process. */
let shipped: Products | undefined;
export const shippedProducts = (): Products => (shipped ??= loadProducts());
