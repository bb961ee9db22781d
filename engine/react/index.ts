// The React renderer of form documents: an RJSF theme, the one-page wizard, the
// error summary and the summary panel. Knows forms, not any one product.
export { FormWizard, type ContinueOutcome, type FormWizardHandle, type FormWizardProps } from './FormWizard.tsx';
export { SummaryPanel, type SummaryPanelProps } from './SummaryPanel.tsx';
export { engineValidator } from './engine-validator.ts';
export { schemaDefaults } from './defaults.ts';
export { displayValue } from './display.ts';
export { focusField, goToStep } from './focus.ts';
export { fieldDomId, stepDomId } from './ids.ts';
export { formatNumber, withUnit } from './format.ts';
export type { RendererMessages } from './messages.ts';
export type { RendererServices, RendererSlots } from './context.ts';
export { useComputed } from './store.ts';
export { createAnswersStore, useAnswers, useAnswersView, type AnswersStore } from './answers.ts';
