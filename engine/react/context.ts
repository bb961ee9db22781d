// What the theme's templates and widgets need that stays the same while the applicant
// types: the runtime, texts, the application's services and slots, and the store of
// what changes (store.ts), through which each field subscribes to its own part. A
// React context rather than RJSF's formContext, so widgets can use it as a hook.
import { createContext, useContext, type ReactNode, type RefObject } from 'react';
import type { FormData, FormRuntime } from '../core/index.ts';
import type { RendererMessages } from './messages.ts';
import type { AnswersStore } from './answers.ts';
import type { WizardStore } from './store.ts';

/** What the renderer asks of the application; everything is optional. */
export interface RendererServices {
  /** The town of a postal code, null when unknown; a rejection means "could not ask". */
  lookupPostalCode?(code: string): Promise<string | null>;
  /** Opens the information named by a field's `ui:options.infoModal`. */
  openInfo?(key: string): void;
  /** The text of the button that opens that information. */
  infoLabel?(key: string): string;
}

/**
 * Application content placed around a field (a computed estimate, a prompt). It renders
 * inside the wizard, so it reads what changes with the answers through useComputed; the
 * page passes the same object on every render (a new one renders every field again).
 */
export interface RendererSlots {
  beforeField?(field: string): ReactNode;
  afterField?(field: string): ReactNode;
}

export interface SummaryItem {
  field: string;
  label: string;
  message: string;
}

export interface WizardContextValue {
  runtime: FormRuntime;
  /** The view, the shown errors and the error summary, as they change (see useWizardState). */
  store: WizardStore;
  /** The answers, each field's value subscribed to by its form (answers.ts). */
  answerStore: AnswersStore;
  summaryRef: RefObject<HTMLDivElement | null>;
  messages: RendererMessages;
  services: RendererServices;
  slots: RendererSlots;
  /** The answers as they are now (a widget deciding what to write). */
  answers(): FormData;
  /** Writes other fields than the one being edited (a town from a postal code); `undefined` clears a field. */
  setFields(patch: FormData): void;
  /** An error the document cannot know (an unknown postal code); null clears it. */
  setExternalError(field: string, message: string | null): void;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard outside <FormWizard>');
  return value;
}
