// A page's own one-step form document (the login's, the customer's details, issue 17)
// through the same wizard as the applications: its fields, rules, messages and error
// summary are the document's, and its button sends the answers to `onSubmit`, whose field
// errors the form shows. The answers live here for as long as the form is shown: a
// refused or failed send keeps every one of them.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { FormData, FormRuntime } from '../../../engine/core/index.ts';
import { FormWizard, type ContinueOutcome, type RendererServices, type RendererSlots } from '../../../engine/react/index.ts';
import type { FormLoader, LoadedForm } from '../form-source.ts';
import { renderer } from '../messages/step.fi.ts';

export function DocumentForm({
  runtime,
  initial = {},
  onSubmit,
  onChange,
  services,
  slots,
}: {
  runtime: FormRuntime;
  initial?: FormData;
  onSubmit(data: FormData): Promise<ContinueOutcome>;
  /** Told of every change of the answers (a page clears its 'saved' notice). */
  onChange?(data: FormData): void;
  /** The application's services the fields use (the postal code's town lookup). */
  services?: RendererServices;
  /** Page content beside a field (the insurance's fee under its tier); the same object on every render. */
  slots?: RendererSlots;
}): ReactNode {
  const [data, setData] = useState<FormData>(initial);
  const onContinue = useCallback((_step: number, answers: FormData) => onSubmit(runtime.prepare(answers)), [onSubmit, runtime]);
  const change = useCallback(
    (next: FormData) => {
      setData(next);
      onChange?.(next);
    },
    [onChange],
  );
  return <FormWizard runtime={runtime} data={data} onChange={change} currentStep={runtime.document.steps[0].number} onContinue={onContinue} messages={renderer} services={services} slots={slots} />;
}

/** A page's own form document (no variants): null while it loads, 'failed' when it cannot be had. */
export function usePageForm(load: FormLoader, document: string): LoadedForm | null | 'failed' {
  const [form, setForm] = useState<LoadedForm | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    load(document, []).then(
      (loaded) => current && setForm(loaded),
      () => current && setForm('failed'),
    );
    return () => {
      current = false;
    };
  }, [load, document]);
  return form;
}
