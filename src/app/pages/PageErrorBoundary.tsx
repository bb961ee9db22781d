// A fault while a page renders leaves a message, never a blank page (the brief: "never a blank
// page"): React unmounts the whole tree on an error no boundary catches. The answers are in this
// tab's storage (application/storage.ts), so a reload goes on where the applicant was.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { defaultProduct } from '../catalogue.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { pages } from '../messages/step.fi.ts';
import { paths } from '../routes.ts';

interface Props {
  brand: Brand;
  /** The page's path: another path is another page, shown afresh. */
  path: string;
  children: ReactNode;
}

export class PageErrorBoundary extends Component<Props, { failedOn: string | null }> {
  state = { failedOn: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedOn: string | null }> {
    return { failedOn: location.pathname };
  }

  static getDerivedStateFromProps(props: Props, state: { failedOn: string | null }): Partial<{ failedOn: string | null }> | null {
    return state.failedOn !== null && state.failedOn !== props.path ? { failedOn: null } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    // The message only: an error may quote an answer, which is not for the console's reader.
    console.error('page failed:', error.name, info.componentStack ?? '');
  }

  render(): ReactNode {
    const { failedOn } = this.state;
    if (failedOn === null) return this.props.children;
    return (
      <MessagePage brand={this.props.brand} homeHref={paths.start(defaultProduct)} title={pages.pageFailed.title}>
        <p>{pages.pageFailed.body}</p>
        <p>
          <button type="button" className="lv-button lv-button--primary" onClick={() => location.reload()}>
            {pages.pageFailed.reload}
          </button>
        </p>
      </MessagePage>
    );
  }
}
