/** Renderer entry: mounts the app into #root. */
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// zod's settings alone: its schemas load with the areas that use them, after the first paint.
import { config as zodConfig } from 'zod/v4/core';
import 'sonner/dist/styles.css';
import './styles.css';
import { App } from './app/App';
import { styleNonce } from './app/style-nonce';
// Applies the stored light/dark choice before the first paint, whichever area opens first.
import './app/theme';

// Dialogs' scroll lock injects a style element; it carries this load's nonce so the CSP lets it apply.
const nonce = styleNonce();
if (nonce) setNonce(nonce);
// zod probes for code generation with Function(''), which the CSP (rightly) refuses: tell it not to try.
zodConfig({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
