/** The types of bench-editor-trace.mjs, for the TypeScript benches that summarize their traces with it. */
export declare const CATEGORIES: readonly string[];
export declare function startTrace(browser: unknown, page: unknown): Promise<void>;
export declare function stopTrace(browser: unknown, file: string): Promise<string[]>;
export declare function summarizeTrace(trace: unknown): string[];
