// What the browser tests read of the data set, typed.
export declare const ADMIN: { email: string; password: string };
