// Types of the predicates ignorers.mjs exports (test/unit/mutation-summary.test.ts uses them).
export declare function isFaultSwitch(node: unknown): boolean;
export declare function needsFault(node: unknown): boolean;
export declare const faultSwitches: { shouldIgnore(path: unknown): string | undefined };
export declare const notShownTexts: { shouldIgnore(path: unknown): string | undefined };
export declare const strykerPlugins: unknown[];
