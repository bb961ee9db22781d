// /u/{applicationId}/{applicationToken} (marketplace spec §2, §4): asks whether to set
// the marketing ban. Yes sets it, says so (or that it failed) in a dialog and returns to
// the brand's start page after 3 s; No returns at once.
import { defaultProduct } from '../catalogue.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { marketingBanPage as texts } from '../messages/resume.fi.ts';
import { Modal } from '../modals/Modal.tsx';
import { paths } from '../routes.ts';
import { setMarketingBan } from '../resume/api.ts';
import { fill } from '../text.ts';
import '../resume/resume.css';

const REDIRECT_MS = 3000;

type Phase = 'asking' | 'saving' | 'done' | 'failed';

export function MarketingBanPage({ brand }: { brand: Brand }): ReactNode {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('asking');
  const home = paths.start(defaultProduct);

  useEffect(() => {
    document.title = fill(texts.documentTitle, { brand: brand.name });
  }, [brand.name]);

  // Set or not, the page returns to the start page after 3 s (marketplace spec §2, §8).
  useEffect(() => {
    if (phase !== 'done' && phase !== 'failed') return;
    const timer = setTimeout(() => navigate(home), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate, home]);

  const yes = async () => {
    setPhase('saving');
    setPhase((await setMarketingBan(id, token)) ? 'done' : 'failed');
  };

  return (
    <MessagePage brand={brand} homeHref={home} title={texts.title}>
      <p className="message-page__lead">{texts.question}</p>
      <p className="resume-actions">
        <button type="button" className="lv-button lv-button--primary" onClick={() => void yes()} disabled={phase === 'saving'}>
          {phase === 'saving' ? texts.saving : texts.yes}
        </button>
        <button type="button" className="lv-button lv-button--secondary" onClick={() => navigate(home)} disabled={phase === 'saving'}>
          {texts.no}
        </button>
      </p>
      {phase === 'done' && (
        <Modal
          title={texts.okTitle}
          onClose={() => navigate(home)}
          footer={
            <button type="button" className="lv-button lv-button--primary" onClick={() => navigate(home)} data-autofocus>
              {texts.goNow}
            </button>
          }
        >
          <p>{texts.okBody}</p>
          <p role="status">{texts.redirecting}</p>
        </Modal>
      )}
      {phase === 'failed' && (
        <Modal
          title={texts.errorTitle}
          tone="error"
          onClose={() => navigate(home)}
          footer={
            <button type="button" className="lv-button lv-button--primary" onClick={() => navigate(home)} data-autofocus>
              {texts.goNow}
            </button>
          }
        >
          <p>{texts.errorBody}</p>
          <p role="status">{texts.redirecting}</p>
        </Modal>
      )}
    </MessagePage>
  );
}
