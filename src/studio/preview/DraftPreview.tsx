// A draft seen as an applicant would see it (issue 30 item 2): the real renderer with the draft's
// own validators, compiled on the server into the same kind of module a published release is
// (GET /api/content/preview/…): no AJV compiler and no eval in the browser, so the studio runs
// under the same strict CSP as the pages. Any document the draft shows in (a section: every form
// including it), any variant set the catalogue gives it, phone or desktop width, up to any step,
// with sample answers from the QA generator so conditional fields can be revealed. Nothing is saved.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createFormRuntime, type FormData, type FormRuntime, type SchemaValidateFunction } from '../../../engine/core/index.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import { baseBuilder } from '../../../engine/qa/base.ts';
import { seededRandom } from '../../../engine/qa/random.ts';
import { FormWizard, schemaDefaults } from '../../../engine/react/index.ts';
import { catalogue } from '../../app/catalogue.ts';
import { renderer } from '../../app/messages/step.fi.ts';
import { FindingList } from '../FindingList.tsx';
import { previewTexts as texts } from './messages.fi.ts';
import { variantChoices } from './variant-choices.ts';
import '../../../engine/react/theme.css';
import '../../app/styles/palette.css';
import './preview.css';

interface PreviewModule {
  document: FormDocument;
  createValidator(finnishValidators: unknown, ajvRuntime: unknown): SchemaValidateFunction;
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'findings'; findings: Array<{ path: string; message: string }> } | { state: 'ready'; runtime: FormRuntime };

/** The brand whose colours a variant set shows in: the one whose own variant it has. */
const brandOf = (variants: string): string | undefined =>
  Object.entries(catalogue.brands).find(([, brand]) => brand.variant && variants.split('+').includes(brand.variant))?.[0];

const base = (item: string, number: number) => `/api/content/preview/${encodeURIComponent(item)}/${number}`;

async function loadRuntime(url: string): Promise<Loaded> {
  const helpers = Promise.all([import('../../../custom-validators/runtime.ts'), import('../../../engine/core/ajv-runtime.ts')]);
  let module: PreviewModule;
  try {
    module = (await import(/* @vite-ignore */ url)) as PreviewModule;
  } catch {
    // Not a module: a draft that does not resolve is answered as JSON with its findings (422), read only then.
    const answer = await fetch(url, { cache: 'no-store' });
    if (answer.status === 422) return { state: 'findings', findings: ((await answer.json()) as { findings?: Array<{ path: string; message: string }> }).findings ?? [] };
    return { state: 'failed' };
  }
  const [finnishValidators, ajvRuntime] = await helpers;
  return { state: 'ready', runtime: createFormRuntime(module.document, module.createValidator(finnishValidators, ajvRuntime)) };
}

export interface DraftPreviewProps {
  item: string;
  number: number;
  /** The draft's revision: a saved change loads the preview again. */
  revision: number;
}

export function DraftPreview({ item, number, revision }: DraftPreviewProps): ReactNode {
  const [documents, setDocuments] = useState<string[] | null>(null);
  const [document, setDocument] = useState('');
  const [variantKey, setVariantKey] = useState('base');
  const [wide, setWide] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [data, setData] = useState<FormData>({});
  const [step, setStep] = useState(1);
  const [sampleFailed, setSampleFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(`${base(item, number)}/documents`, { cache: 'no-store' })
      .then(async (response): Promise<string[]> => (response.ok ? ((await response.json()) as { documents: string[] }).documents : []))
      .catch((): string[] => [])
      .then((found) => {
        if (!live) return;
        setDocuments(found);
        setDocument((current) => (found.includes(current) ? current : (found[0] ?? '')));
      });
    return () => {
      live = false;
    };
  }, [item, number]);

  const choices = useMemo(() => (document ? variantChoices(catalogue, document) : []), [document]);
  const variants = choices.some((choice) => choice.key === variantKey) ? variantKey : (choices[0]?.key ?? 'base');

  useEffect(() => {
    if (!document) return;
    let live = true;
    setLoaded({ state: 'loading' });
    // The revision in the address: the server's answer for an older revision is another module.
    loadRuntime(`${base(item, number)}/${document}/${variants}.js?revision=${revision}`)
      .catch((): Loaded => ({ state: 'failed' }))
      .then((next) => {
        if (live) setLoaded(next);
      });
    return () => {
      live = false;
    };
  }, [item, number, document, variants, revision, attempt]);

  const runtime = loaded.state === 'ready' ? loaded.runtime : null;
  useEffect(() => {
    if (!runtime) return;
    setData((current) => (Object.keys(current).length ? current : schemaDefaults(runtime.document)));
    setStep((current) => Math.min(current, runtime.document.steps.length));
  }, [runtime]);

  const fillSample = () => {
    if (!runtime) return;
    const sample = baseBuilder(runtime.document, runtime, seededRandom(attempt + 1)).build();
    setSampleFailed(!sample);
    if (sample) {
      setData(sample);
      setStep(runtime.document.steps.at(-1)?.number ?? 1);
    }
  };

  if (documents && !documents.length) return <p>{texts.noDocuments}</p>;
  return (
    <section className="studio-preview" aria-labelledby="studio-preview-heading">
      <h2 id="studio-preview-heading">{texts.heading}</h2>
      <div className="studio-preview-controls">
        {documents && documents.length > 1 && (
          <label>
            {texts.document}
            <select value={document} onChange={(event) => setDocument(event.target.value)}>
              {documents.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
        )}
        {choices.length > 1 && (
          <label>
            {texts.variant}
            <select value={variants} onChange={(event) => setVariantKey(event.target.value)}>
              {choices.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.shownAs.join(', ')}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset>
          <legend>{texts.width}</legend>
          <label>
            <input type="radio" name="studio-preview-width" checked={!wide} onChange={() => setWide(false)} />
            {texts.phone}
          </label>
          <label>
            <input type="radio" name="studio-preview-width" checked={wide} onChange={() => setWide(true)} />
            {texts.desktop}
          </label>
        </fieldset>
        {runtime && (
          <label>
            {texts.step}
            <select value={step} onChange={(event) => setStep(Number(event.target.value))}>
              {runtime.document.steps.map((one) => (
                <option key={one.number} value={one.number}>
                  {texts.stepOption(one.number, one.title)}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" onClick={fillSample} disabled={!runtime}>
          {texts.sample}
        </button>
        <button type="button" onClick={() => runtime && setData(schemaDefaults(runtime.document))} disabled={!runtime}>
          {texts.clear}
        </button>
      </div>
      <p role="status">{sampleFailed ? texts.sampleFailed : loaded.state === 'loading' ? texts.loading : ''}</p>
      {loaded.state === 'failed' && (
        <p role="alert">
          {texts.failed}{' '}
          <button type="button" onClick={() => setAttempt((count) => count + 1)}>
            {texts.retry}
          </button>
        </p>
      )}
      {loaded.state === 'findings' && (
        <div role="alert">
          <p>{texts.unresolved}</p>
          <FindingList findings={loaded.findings} version={{ item, number }} />
        </div>
      )}
      {runtime && (
        <div className={`lv-palette studio-preview-frame ${wide ? 'studio-preview-desktop' : 'studio-preview-phone'}`} data-brand={brandOf(variants)}>
          <p className="studio-preview-note">{texts.continued}</p>
          <FormWizard
            key={`${document}:${variants}:${revision}`}
            runtime={runtime}
            data={data}
            onChange={setData}
            currentStep={step}
            messages={renderer}
            onContinue={async (current) => {
              const next = runtime.nextStep(current, data);
              if (next !== null) setStep(next);
              return { ok: true };
            }}
          />
        </div>
      )}
    </section>
  );
}
