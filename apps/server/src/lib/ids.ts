import { v7 } from 'uuid';

/** Time-ordered ids keep inserts at the end of the primary key index. */
export const newId = (): string => v7();
