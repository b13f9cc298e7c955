/** Renderer entry: mounts the app into #root. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'sonner/dist/styles.css';
import './styles.css';
import { App } from './app/App';
// Applies the stored light/dark choice before the first paint, whichever area opens first.
import './app/theme';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
