// A page's h1, focused when the page is shown (a route change, or the gate's answer), so a
// screen reader user hears where they are and Tab continues from the page's start.
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export function PageHeading({ children }: { children: ReactNode }): ReactNode {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.focus();
  }, [pathname]);
  return (
    <h1 ref={ref} tabIndex={-1} className="studio-heading">
      {children}
    </h1>
  );
}
