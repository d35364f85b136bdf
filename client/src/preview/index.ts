// The preview panel's public entry: extension.ts calls registerPreview(context, client) once.
export { registerPreview, PREVIEW_VIEW_TYPE, type PreviewHooks } from './manager';
