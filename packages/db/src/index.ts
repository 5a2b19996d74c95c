export * from './database.js';
export * from './seed-once.js';
export * from './schema/index.js';
export * as schema from './schema/index.js';
// Services build queries with these; one copy of drizzle-orm keeps its types and classes whole.
export {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notInArray,
  notLike,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
