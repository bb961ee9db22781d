// The banks and other sign-in methods as buttons, with the list's loading and failure states:
// identification's page and the insurance's signing show the same list.
import type { ReactNode } from 'react';
import type { Method } from './api.ts';

export function MethodList({
  methods,
  texts,
  disabled = false,
  onChoose,
}: {
  methods: Method[] | null | 'loading';
  texts: { methodsLoading: string; methodsFailed: string };
  /** While the browser is leaving for the chosen one. */
  disabled?: boolean;
  onChoose: (method: Method) => void;
}): ReactNode {
  if (methods === 'loading') return <p role="status">{texts.methodsLoading}</p>;
  if (methods === null)
    return (
      <p className="notice-box" role="alert">
        {texts.methodsFailed}
      </p>
    );
  return (
    <ul className="identification-methods">
      {methods.map((method) => (
        <li key={method.identifier}>
          <button type="button" className="identification-method" disabled={disabled} onClick={() => onChoose(method)}>
            <img src={method.image} alt="" width={96} height={48} />
            <span>{method.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
