// One field as its own RJSF form (field-forms.ts says why), and its own <form>
// element. A browser's form autofill looks at every control of a form each time one
// changes (Chromium's form tracking took about 10 ms a keystroke over the whole
// application in one <form>, issue 13), so each field is a form of one: the element
// takes no room (`display: contents`, theme.css), so the field sits in its section's
// grid as before, and Enter in it submits, which continues, as one form for the page
// did. RJSF's validation cycle stays unused (the wizard validates through the
// runtime, ADR 0003).
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { memo, useCallback, type ReactNode } from 'react';
import type { FormData } from '../core/index.ts';
import type { FieldSpec, FieldState } from './field-forms.ts';
import { ID_PREFIX, ID_SEPARATOR } from './ids.ts';
import { templates } from './templates/index.ts';
import { widgets } from './widgets/index.ts';

export const DEFAULTS_BEHAVIOUR = {
  // A `const` (a consent that must be given, a oneOf option) is never a default answer.
  constAsDefaults: 'never',
  // Rows appear when the applicant adds them, not from minItems.
  arrayMinItems: { populate: 'never' },
} as const;

/** Nothing after the field: RJSF's submit button is the wizard's continue button. */
const NO_BUTTON = <></>;

export interface FieldFormProps {
  spec: FieldSpec;
  state: FieldState;
  validator: ValidatorType;
  onFieldChange(field: string, data: FormData): void;
  onBlur(id: string): void;
  /** Enter in the field (the form's submission): continue. */
  onSubmit(): void;
}

export const FieldForm = memo(function FieldForm({ spec, state, validator, onFieldChange, onBlur, onSubmit }: FieldFormProps): ReactNode {
  const onChange = useCallback((event: IChangeEvent) => onFieldChange(spec.field, (event.formData ?? {}) as FormData), [spec, onFieldChange]);
  return (
    <Form
      className="lv-field-form"
      schema={spec.schema}
      uiSchema={state.uiSchema}
      formData={state.formData}
      validator={validator}
      templates={templates}
      widgets={widgets}
      idPrefix={ID_PREFIX}
      idSeparator={ID_SEPARATOR}
      noHtml5Validate
      noValidate
      showErrorList={false}
      extraErrors={state.extraErrors}
      experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
      onChange={onChange}
      onBlur={onBlur}
      onSubmit={onSubmit}
    >
      {NO_BUTTON}
    </Form>
  );
});
