// The form studio's entry (src/app/studio.html, issue 30): a page of its own, so none of its
// code reaches the applicants' pages (tests/e2e/bundle.spec.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './studio.css';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
