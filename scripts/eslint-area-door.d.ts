import type { Rule } from 'eslint';

export declare const AREAS: readonly string[];
export declare const ENFORCED_AREAS: readonly string[];
export declare const areaDoor: Rule.RuleModule;
