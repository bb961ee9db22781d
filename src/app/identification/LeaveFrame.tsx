// Identification inside a partner's frame (issue 28 item 4): banks refuse to be framed, so the
// page leaves the frame first. The frame hands its session to the top window with a one-time
// code (POST /api/session/handoff) and sends the top window to it; the top window lands on this
// same page of the service with the application, and the person chooses the bank there.
import { useState, type ReactNode } from 'react';
import { identification } from '../messages/identification.fi.ts';

const t = identification.frame;

/** `texts`: the lead and the button's words where the page is not identification (signing). */
export function LeaveFrame({ texts = t }: { texts?: { lead: string; action: string } }): ReactNode {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');

  async function leave() {
    setState('working');
    try {
      const response = await fetch('/api/session/handoff', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ path: `${window.location.pathname}${window.location.search}` }),
      });
      if (!response.ok) throw new Error(`session handoff answered ${response.status}`);
      const { url } = (await response.json()) as { url: string };
      // A frame may send the top window on only in answer to the person's own click (this one).
      window.top!.location.href = new URL(url, window.location.origin).href;
    } catch (error) {
      console.warn('leaving the frame failed', error);
      setState('failed');
    }
  }

  return (
    <div className="identification__frame">
      <p>{texts.lead}</p>
      <p>
        <button type="button" className="lv-button lv-button--primary" disabled={state === 'working'} onClick={() => void leave()}>
          {state === 'working' ? t.working : texts.action}
        </button>
      </p>
      {state === 'failed' && (
        <p className="notice-box" role="alert">
          {t.failed}
        </p>
      )}
    </div>
  );
}
