/// <reference types="vite/client" />
import type { BurrowBridge } from '../shared/contract/index';

declare global {
  interface Window {
    /** Provided by the preload (Electron) or the Chromium shell; nothing else reaches the core. */
    readonly burrow: BurrowBridge;
  }
}
