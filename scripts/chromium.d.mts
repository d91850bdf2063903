// What the browser tests read of scripts/chromium.mjs, typed.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
