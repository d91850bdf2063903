import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type DataRow = InstanceType<typeof protocol.messages.DataRowMessage>;
type CommandComplete = InstanceType<typeof protocol.messages.CommandCompleteMessage>;
type Parser = (value: string, type: number) => unknown;

const { serialize } = protocol;
const { DatabaseError } = protocol.messages;

/** A statement seen this often is prepared; a one-off (a migration, a rare lookup) never is. */
const PREPARE_AFTER = 2;
/** Prepared statements kept; beyond this the least recently used is closed. */
const MAX_PREPARED = 100;
/** Statement texts counted towards PREPARE_AFTER, so the counts cannot grow without bound. */
const MAX_COUNTED = 1000;

/** The statements that can be prepared: one read or write each, never a command or several. */
const PREPARABLE = /^\s*(?:select|with|insert|update|delete)\b/i;
/** A write, or a `with` whose main statement writes. */
const WRITE = /^\s*(?:insert|update|delete)\b|^\s*with\b[\s\S]*\)\s*(?:insert|update|delete)\s/i;
/** The commands whose rows PGlite counts as affected. */
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** The prepared statement has gone stale: its table changed shape since it was prepared. */
const STALE_PLAN = '0A000';

/**
 * A read is planned for its own values at every run: a generic plan cannot know that a search term
 * is rare, and would scan where the trigram index answers at once. A write is planned once, as soon
 * as PostgreSQL finds a plan for any values no costlier (its default): writes name their rows by key.
 */
type PlanMode = 'force_custom_plan' | 'auto';

type Prepared = { name: string; paramTypes: number[]; mode: PlanMode };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * PGlite parses and plans every query afresh and crosses into the engine six times for it.
 * Statements that repeat become named prepared statements instead, run with one call, as drivers
 * for a PostgreSQL server do. Anything unusual takes PGlite's own path, as does a statement that
 * could not be prepared or whose table changed shape since; errors read as PGlite's own.
 */
export function withPreparedStatements(pglite: PGlite): PGlite {
  const counts = new Map<string, number>();
  const prepared = new Map<string, Prepared>();
  let nextName = 0;
  /** The session's plan_cache_mode, set by the first prepared statement run. */
  let planMode: PlanMode | undefined;

  const send = (parts: Uint8Array[]) => pglite.execProtocolStream(concat(parts), { syncToFs: false });

  async function prepare(text: string): Promise<Prepared> {
    if (prepared.size >= MAX_PREPARED) await close(prepared.keys().next().value!);
    const name = `pglite_statement_${++nextName}`;
    const messages = await send([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const mode: PlanMode = WRITE.test(text) ? 'auto' : 'force_custom_plan';
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages), mode };
    prepared.set(text, statement);
    return statement;
  }

  async function close(text: string) {
    const statement = prepared.get(text);
    if (!statement) return;
    prepared.delete(text);
    await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]).catch(() => {});
  }

  async function run(statement: Prepared, params: unknown[], options?: QueryOptions): Promise<Results> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
      // As PGlite's own query does: a parameter without a serializer of its type is sent as its text.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      return serializer ? serializer(value) : String(value);
    });
    // The mode is the session's: switched, in the same call, only when this statement wants the other.
    const switchMode = statement.mode === planMode ? [] : [serialize.query(`set plan_cache_mode = ${statement.mode}`)];
    planMode = statement.mode;
    const messages = await send([
      ...switchMode,
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    await pglite.syncToFs();
    return readResult(messages, options);
  }

  /**
   * One statement's answer, read as PGlite's own parser reads it but looking each column's parser
   * up once: PGlite copies its whole parser table for every query that brings parsers of its own.
   */
  function readResult(messages: BackendMessage[], options?: QueryOptions): Results {
    const result: Results = { rows: [], fields: [], affectedRows: 0 };
    let parsers: (Parser | undefined)[] = [];
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        result.fields = (message as RowDescription).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
        parsers = result.fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? pglite.parsers[dataTypeID]);
      } else if (message.name === 'dataRow') {
        const values = (message as DataRow).fields.map((value, column) => {
          const parser = parsers[column];
          return value === null || !parser ? value : parser(value, result.fields[column]!.dataTypeID);
        });
        result.rows.push(
          options?.rowMode === 'array'
            ? values
            : Object.fromEntries(result.fields.map(({ name }, column) => [name, values[column]])),
        );
      } else if (message.name === 'commandComplete') {
        // `SELECT 2`, `INSERT 0 1`: the count comes last. A mode switch's `SET` comes first, and has none.
        const words = (message as CommandComplete).text.split(' ');
        const command = words[0]!;
        const count = Number(words.at(-1));
        if (WRITE_COMMANDS.has(command)) result.affectedRows = (result.affectedRows ?? 0) + count;
        Object.assign(result, { command, rowCount: Number.isNaN(count) ? undefined : count });
      }
    }
    return result;
  }

  /** How often a statement has been seen, including this time; the counts are forgotten when full. */
  function count(text: string): number {
    if (counts.size >= MAX_COUNTED && !counts.has(text)) counts.clear();
    const seen = (counts.get(text) ?? 0) + 1;
    counts.set(text, seen);
    return seen;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!prepared.has(text) && (options?.blob || !PREPARABLE.test(text) || count(text) < PREPARE_AFTER)) {
      return pglite.query<T>(text, params, options);
    }
    await pglite._checkReady();
    // The same two locks as PGlite's own query: never inside another caller's transaction.
    const result = await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        let statement = prepared.get(text);
        if (statement) {
          prepared.delete(text); // re-inserted: the map's order is the order of use
          prepared.set(text, statement);
        } else {
          statement = await prepare(text).catch(() => undefined);
          if (!statement) return undefined;
        }
        try {
          return await run(statement, params, options);
        } catch (error) {
          if (!(error instanceof DatabaseError)) throw error;
          // A statement whose table changed shape is run through PGlite's path, which parses it
          // anew; one that ran and failed is not run again: a write happens at most once.
          if (error.code === STALE_PLAN) {
            await close(text);
            return undefined;
          }
          throw Object.assign(error, { query: text, params, queryOptions: options });
        }
      }),
    );
    return (result as Results<T> | undefined) ?? (await pglite.query<T>(text, params, options));
  }

  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}
