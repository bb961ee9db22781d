// A failed load: the server's Finnish message when it gave one, and a retry.
import type { ReactNode } from 'react';
import { StudioApiError } from './api.ts';
import { studioTexts as t } from './messages.fi.ts';

export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }): ReactNode {
  const message = error instanceof StudioApiError && error.type !== 'HTTP_ERROR' ? error.message : t.loadFailed;
  return (
    <div role="alert" className="studio-alert">
      <p>{message}</p>
      <button type="button" className="studio-button" onClick={retry}>
        {t.retry}
      </button>
    </div>
  );
}
