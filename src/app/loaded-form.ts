// The form the product's pages were loaded with (the consumer document resolved for
// the brand's and product's variant set), for page parts outside the wizard that
// state what the document decides: the hero's amount range, say. Reading the same
// resolved document the validator was built from, they cannot disagree with it.
import { createContext, useContext } from 'react';
import type { FormDocument } from '../../engine/core/index.ts';
import type { LoadedForm } from './form-source.ts';

export const LoadedFormContext = createContext<LoadedForm | null>(null);

/** The resolved document of the loaded form; throws outside ProductRoute's provider. */
export function useLoadedDocument(): FormDocument {
  const form = useContext(LoadedFormContext);
  if (!form) throw new Error('useLoadedDocument outside <LoadedFormContext.Provider>');
  return form.runtime.document;
}
