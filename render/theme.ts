import type { BodyKind } from '../protocol/preview-model';
import { DEFAULT_FONT } from './painter';

/**
 * The preview's colors. In VS Code they come from the theme's `--vscode-*` CSS variables
 * (webview/src/ui/theme-css.ts reads them and the preview redraws when they change); the CLI
 * and tests use the fixed themes below, which follow VS Code's default Light+ and Dark+ colors.
 */
export interface Theme {
  readonly background: string;
  readonly foreground: string;
  /** Grid lines and their labels. */
  readonly grid: string;
  readonly axis: string;
  readonly bodies: Readonly<Record<BodyKind, string>>;
  readonly warning: string;
  readonly error: string;
  readonly info: string;
  /** Highlight of the bodies under the editor's cursor, and the selection. */
  readonly highlight: string;
  /** The pair inspector's colors for edges that came from A and from B. */
  readonly shapeA: string;
  readonly shapeB: string;
  readonly fontFamily: string;
}

export const LIGHT_THEME: Theme = {
  background: '#ffffff',
  foreground: '#3b3b3b',
  grid: '#e5e5e5',
  axis: '#9e9e9e',
  bodies: { static: '#616161', dynamic: '#1a85ff', sensor: '#00a36c', bullet: '#8a3ffc' },
  warning: '#bf8803',
  error: '#e51400',
  info: '#1a85ff',
  highlight: '#0078d4',
  shapeA: '#d83b01',
  shapeB: '#107c10',
  fontFamily: DEFAULT_FONT,
};

export const DARK_THEME: Theme = {
  background: '#1f1f1f',
  foreground: '#cccccc',
  grid: '#2b2b2b',
  axis: '#5a5a5a',
  bodies: { static: '#9d9d9d', dynamic: '#3794ff', sensor: '#89d185', bullet: '#b180d7' },
  warning: '#cca700',
  error: '#f14c4c',
  info: '#3794ff',
  highlight: '#0078d4',
  shapeA: '#f38518',
  shapeB: '#89d185',
  fontFamily: DEFAULT_FONT,
};
