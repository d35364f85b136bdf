/**
 * The preview webview's entry (bundled to dist/webview.js, with dist/webview.css). VS Code
 * provides `acquireVsCodeApi`; the test harness page provides a stand-in with the same shape.
 */
import './preview.css';
import { PreviewApp } from './ui/app';
import type { VsCodeApi } from './ui/preview-state';

declare function acquireVsCodeApi(): VsCodeApi;

// Where the script starts (the editor benchmark reads the marks of the preview's frame).
globalThis.performance?.mark?.('collide:script');

const api = acquireVsCodeApi();
const app = new PreviewApp(document.body, api);
// Listening from the script's first run: VS Code hands the page what was posted while it loaded
// (the whole scene, posted before `ready`) at the frame's `load` event, after this script.
window.addEventListener('message', (event: MessageEvent) => app.receive(event.data));
// A hook for the browser tests and the frame-time benchmark; nothing in the product uses it.
(globalThis as { collidePreview?: PreviewApp }).collidePreview = app;
api.postMessage({ type: 'ready' });
globalThis.performance?.mark?.('collide:ready');
