import { ilike, or, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/list.js';
import { users } from '../../db/schema.js';

/** The users whose name or email holds `q`, as the lists and pickers search them. */
export const userSearch = (q: string): SQL =>
  or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q)))!;
