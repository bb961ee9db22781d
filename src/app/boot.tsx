// Starts the application with a form loader: the real one (main.tsx) or the
// bundle benchmark's comparison.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../engine/react/theme.css';
import { App } from './App.tsx';
import { brandForHost } from './brands.ts';
import { rememberLanding } from './application/tracking.ts';
import type { FormLoader } from './form-source.ts';
import './styles/app.css';

export function boot(load: FormLoader): void {
  rememberLanding();
  const brand = brandForHost(location.hostname);
  document.documentElement.dataset.brand = brand.id;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.themeColor);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App brand={brand} load={load} />
    </StrictMode>,
  );
}
