// What the theme's templates and widgets read while rendering: the runtime, the
// current data and the wizard's state. A React context rather than RJSF's
// formContext, so widgets can use it as a hook.
import { createContext, useContext, type ReactNode, type RefObject } from 'react';
import type { FormData, FormRuntime, Step } from '../core/index.ts';
import type { RendererMessages } from './messages.ts';

/** What the renderer asks of the application; everything is optional. */
export interface RendererServices {
  /** The town of a postal code, null when unknown; a rejection means "could not ask". */
  lookupPostalCode?(code: string): Promise<string | null>;
  /** Opens the information named by a field's `ui:options.infoModal`. */
  openInfo?(key: string): void;
  /** The text of the button that opens that information. */
  infoLabel?(key: string): string;
}

/** Application content placed around a field (a computed estimate, a prompt). */
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
  data: FormData;
  visible: ReadonlySet<string>;
  required: ReadonlySet<string>;
  /** Active steps up to the current one, in order. */
  revealedSteps: Step[];
  activeStepCount: number;
  currentStep: number;
  /** Shown field errors by field path (`list.0.loan`). */
  errors: Readonly<Record<string, string>>;
  summary: { step: number; items: SummaryItem[] } | null;
  summaryRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
  messages: RendererMessages;
  services: RendererServices;
  slots: RendererSlots;
  /** Writes other fields than the one being edited (a town from a postal code). */
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
