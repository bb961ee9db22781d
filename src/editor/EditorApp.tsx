// The editors' preview: the documents of the forms folder, one of them rendered in
// a chosen variant with the real renderer (its shared sections resolved), and its
// forms:check findings beside it. Saving the document or a section it includes
// reloads it (Vite's websocket carries the change event).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { compileSchema } from '../../engine/core/compile.ts';
import { resolveVariants, variantNames } from '../../engine/core/document.ts';
import { createFormRuntime, type FormRuntime } from '../../engine/core/runtime.ts';
import type { FormData, FormDocument } from '../../engine/core/types.ts';
import { FormWizard, schemaDefaults } from '../../engine/react/index.ts';
import { renderer } from '../app/messages.fi.ts';
import { editor } from './messages.fi.ts';

interface Finding {
  path: string;
  message: string;
  /** The document or `sections/<id>.json`. */
  file: string;
  party?: string;
}
interface Preview {
  id: string;
  document: FormDocument | null;
  findings: Finding[];
  sections: string[];
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${response.status}`);
  return (await response.json()) as T;
}

/** A runtime for the preview; the dev page may compile AJV at run time (no CSP here). */
function previewRuntime(doc: FormDocument, variant: string): FormRuntime | null {
  try {
    const resolved = resolveVariants(doc, variant ? [variant] : []);
    return createFormRuntime(resolved, compileSchema(resolved));
  } catch {
    return null;
  }
}

export function EditorApp(): ReactNode {
  const [forms, setForms] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [variant, setVariant] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [status, setStatus] = useState('');
  const [data, setData] = useState<FormData>({});
  const [step, setStep] = useState(1);
  const sections = useMemo(() => preview?.sections ?? [], [preview]);

  const load = useCallback(async (id: string, reason?: string) => {
    try {
      setPreview(await getJson<Preview>(`/__editor/forms/${encodeURIComponent(id)}`));
      if (reason) setStatus(reason);
    } catch {
      setStatus(editor.loadFailed);
    }
  }, []);

  useEffect(() => {
    void getJson<{ forms: string[] }>('/__editor/forms').then(({ forms }) => {
      setForms(forms);
      setSelected((current) => current ?? forms[0] ?? null);
    });
  }, []);

  useEffect(() => {
    if (selected) void load(selected);
  }, [selected, load]);

  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    const onChange = ({ id, section }: { id?: string; section?: string }) => {
      if (id) void getJson<{ forms: string[] }>('/__editor/forms').then(({ forms }) => setForms(forms));
      if (selected && (id === selected || (section && sections.includes(section)))) void load(selected, editor.reloaded(id ?? `${section}.json`));
    };
    hot.on('editor:form-changed', onChange);
    return () => hot.off('editor:form-changed', onChange);
  }, [selected, load, sections]);

  const doc = preview?.document ?? null;
  const variants = useMemo(() => (doc ? variantNames(doc) : []), [doc]);
  const runtime = useMemo(
    () => (doc && preview?.findings.length === 0 ? previewRuntime(doc, variants.includes(variant) ? variant : '') : null),
    [doc, preview, variant, variants],
  );

  useEffect(() => {
    setData(runtime ? schemaDefaults(runtime.document) : {});
    setStep(1);
  }, [runtime]);

  return (
    <main className="editor">
      <h1>{editor.title}</h1>
      <nav aria-label={editor.forms}>
        <h2>{editor.forms}</h2>
        <ul>
          {forms.map((id) => (
            <li key={id}>
              <button type="button" aria-current={id === selected} onClick={() => setSelected(id)}>
                {id}
              </button>
            </li>
          ))}
        </ul>
        <label htmlFor="editor-variant">{editor.variant}</label>
        <select id="editor-variant" value={variant} onChange={(event) => setVariant(event.target.value)}>
          <option value="">{editor.baseVariant}</option>
          {variants.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <p className="status" role="status">
          {status}
        </p>
      </nav>
      <section className="preview" aria-label={doc?.title ?? editor.loading}>
        {!preview ? (
          <p>{editor.loading}</p>
        ) : runtime ? (
          <FormWizard
            key={`${preview.id}:${variant}:${status}`}
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
        ) : (
          <p>{editor.cannotRender}</p>
        )}
      </section>
      <aside className="findings" aria-labelledby="editor-findings">
        <h2 id="editor-findings">{editor.findings}</h2>
        {preview && preview.findings.length === 0 ? (
          <p>{editor.noFindings}</p>
        ) : (
          <>
            <p>{editor.findingCount(preview?.findings.length ?? 0)}</p>
            <ul>
              {preview?.findings.map((finding, index) => (
                <li key={index}>
                  {finding.file !== `${preview.id}.json` && <code>{finding.file}</code>}
                  <code>{finding.path}</code>
                  {finding.message}
                  {finding.party && ` (${editor.party(finding.party)})`}
                </li>
              ))}
            </ul>
          </>
        )}
      </aside>
    </main>
  );
}
