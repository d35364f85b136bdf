// esbuild bundles imported CSS into dist/webview.css; the import itself has no value.
declare module '*.css';
