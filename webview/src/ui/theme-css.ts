import { DARK_THEME, LIGHT_THEME, type Theme } from '../../../render/theme';

/**
 * The theme from VS Code's `--vscode-*` CSS variables, which the editor sets on the webview's
 * <html> element and changes (with the body's `vscode-light`/`vscode-dark` class) when the user
 * switches themes. A missing variable falls back to the matching built-in theme.
 */
export function readTheme(doc: Document): Theme {
  const style = getComputedStyle(doc.documentElement);
  const light = doc.body.classList.contains('vscode-light') || doc.body.classList.contains('vscode-high-contrast-light');
  const base = light ? LIGHT_THEME : DARK_THEME;
  const get = (fallback: string, ...names: string[]): string => {
    for (const name of names) {
      const value = style.getPropertyValue(name).trim();
      if (value) return value;
    }
    return fallback;
  };
  return {
    background: get(base.background, '--vscode-editor-background'),
    foreground: get(base.foreground, '--vscode-editor-foreground', '--vscode-foreground'),
    grid: get(base.grid, '--vscode-editorIndentGuide-background1', '--vscode-editorIndentGuide-background'),
    axis: get(base.axis, '--vscode-editorLineNumber-foreground'),
    bodies: {
      static: get(base.bodies.static, '--vscode-descriptionForeground'),
      dynamic: get(base.bodies.dynamic, '--vscode-charts-blue'),
      sensor: get(base.bodies.sensor, '--vscode-charts-green'),
      bullet: get(base.bodies.bullet, '--vscode-charts-purple'),
    },
    warning: get(base.warning, '--vscode-editorWarning-foreground'),
    error: get(base.error, '--vscode-editorError-foreground'),
    info: get(base.info, '--vscode-editorInfo-foreground'),
    highlight: get(base.highlight, '--vscode-focusBorder'),
    shapeA: get(base.shapeA, '--vscode-charts-orange'),
    shapeB: get(base.shapeB, '--vscode-charts-green'),
    fontFamily: get(base.fontFamily, '--vscode-font-family'),
  };
}

/** Call `onChange` whenever the editor switches theme (class or variables change). */
export function watchTheme(doc: Document, onChange: () => void): void {
  const observer = new MutationObserver(onChange);
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
  observer.observe(doc.body, { attributes: true, attributeFilter: ['class'] });
}
