// What the pages ask of a flow (forms/catalogue.json gives each product one): the words of
// its paths, what its first save calls and what its last step does, where a resumed
// application lands, who identifies, and its own pages. One object per flow, in
// src/flows/<flow>/app.tsx, found by src/flows/app-registry.ts; the pages in src/app hold
// no list of flows (ADR 0007 "Flow modules (browser)").
import type { ComponentType, ReactNode } from 'react';
import type { CatalogueService } from '../../engine/core/catalogue.ts';
import type { Brand } from '../app/brands.ts';
import type { FormLoader } from '../app/form-source.ts';
import type { SaveTexts } from '../app/modals/AppModals.tsx';
import type { Product } from '../app/products.ts';
import type { AppRoute } from '../app/routes.ts';

/** A page of one application (status, offers): the id and token come from its path. */
export interface ApplicationPageProps {
  brand: Brand;
  product: Product;
  id: string;
  token: string;
}

/** A result page whose path names no application (marketplace spec §2: denied, error). */
export interface ResultPageProps {
  brand: Brand;
  product: Product;
}

/** A page a flow puts in front of another one: `children` once the flow lets the visitor through. */
export interface FormGateProps extends ResultPageProps {
  route: AppRoute;
  children: ReactNode;
}

export type IdentificationGateProps = ApplicationPageProps & { children: ReactNode };

/** The path words after /hakemus/{product}/ that differ between flows (both specs, §2). */
export interface FlowSegments {
  /** The identification page's word; none where nobody identifies. */
  authentication?: string;
  /** The offers page's word (the consumer spec's step `0`). */
  offers: string;
  /** Result pages with no id in the path. */
  results: readonly ('denied' | 'error')[];
}

export interface Identification {
  /** Only the primary applicant identifies (marketplace spec §4), not every applicant. */
  primaryOnly: boolean;
  /** The lead and the reason shown; the consumer spec's own when absent. */
  texts?: { lead: string; why: string };
  /** The page says why identification is asked again (`?tunnistautuminen=<reason>`). */
  showsReason: boolean;
  /** A link back to the form's last step: the application is not submitted before identification. */
  backToForm: boolean;
  /** Shown around the page: the flow checks the application still waits for identification. */
  Gate?: ComponentType<IdentificationGateProps>;
}

export interface AppFlow {
  segments: FlowSegments;
  /**
   * The call a new application's first save makes (spec §7): `save`, step by step, or
   * `create`, the whole form in one call (the business form).
   */
  firstCall: 'save' | 'create';
  /**
   * What the last step does: `identify` saves it and identification follows (consumer);
   * `submit` submits it with that save, then its status page (mortgage); `sent` means the
   * save sent it to the lenders: 'Olet valmis!', then the offers (business).
   */
  lastStep: 'identify' | 'submit' | 'sent';
  /** The analytics event of a step reached: `<stepEvent>_<n>` (consumer spec §4: `consumer_application_n`). */
  stepEvent: string;
  /** Opening a saved application in another browser, or a prefilled one (resume/). */
  resume: {
    /**
     * It opens on its whole form (showWholeForm, marketplace spec §4), not on the step the
     * link names or the prefill flow's step (resume/saved-form.ts).
     */
    wholeForm: boolean;
    /** What a wrong code says, where the flow's spec words it its own way. */
    invalidCode?: string;
  };
  /** The saving and failure dialogs' texts, where the flow has its own. */
  saveTexts?: SaveTexts;
  /** Who identifies and how the page says it; none where nobody does. */
  identification?: Identification;
  pages: {
    status: ComponentType<ApplicationPageProps>;
    offers: ComponentType<ApplicationPageProps>;
    denied?: ComponentType<ResultPageProps>;
    error?: ComponentType<ResultPageProps>;
  };
  /** Around the form: a flow that checks where a reopened step link's application is before showing it. */
  FormGate?: ComponentType<FormGateProps>;
}

/** A customer service's page (the catalogue's `services`), behind the customer login. */
export interface ServicePageProps {
  brand: Brand;
  service: CatalogueService;
  /** The forms of forms/ (the service's own document, `service.document`). */
  load: FormLoader;
}

/**
 * What the pages ask of a customer service's module (src/flows/<flow>/app.tsx exporting
 * `appService` instead of `appFlow`): its page at `/<path>` of the catalogue.
 */
export interface AppService {
  Page: ComponentType<ServicePageProps>;
  /** A short summary on /lainahakemukset (the customer's own application of it), shown when it has something to say. */
  AreaPanel?: ComponentType<{ service: CatalogueService }>;
}
