import type { SemanticTokensLegend } from 'vscode-languageserver';
import { TOKEN_MODIFIERS, TOKEN_TYPES } from '../features/semantic-tokens';

/** The legend of features/semantic-tokens.ts's encoding: its types and modifiers, in their order. */
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };
