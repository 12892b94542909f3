export const KB: number;
export const INITIAL_JS_BUDGET: number;
export const PAGE_JS_BUDGETS: { path: string; screen: string; maxBytes: number }[];
