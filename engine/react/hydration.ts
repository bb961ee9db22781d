// Whether a render may read what only this browser knows (this tab's stored answers, a host
// page's preset, the window's width). False on the server and in the render that hydrates the
// server's HTML, so that render equals the server's; React renders again at once with true
// (useSyncExternalStore's server snapshot), and a component mounted later gets true at once.
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

export const useBrowserState = (): boolean =>
  useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
