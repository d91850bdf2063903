import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type DataRow = InstanceType<typeof protocol.messages.DataRowMessage>;
type CommandComplete = InstanceType<typeof protocol.messages.CommandCompleteMessage>;
type Parser = (value: string, type: number) => unknown;

const { serialize } = protocol;

/** A read seen this often is prepared; a one-off (a migration, a rare lookup) never is. */
const PREPARE_AFTER = 2;
/** Prepared statements kept; beyond this the least recently used is closed. */
const MAX_PREPARED = 100;
/** Statement texts counted towards PREPARE_AFTER, so the counts cannot grow without bound. */
const MAX_COUNTED = 1000;

const READ = /^\s*select\b/i;

type Prepared = { name: string; paramTypes: number[] };

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
 * PGlite parses and plans every query afresh and crosses into the engine six times for it. Reads
 * that repeat become named prepared statements instead, run with one call: parsed and planned
 * once, as drivers for a PostgreSQL server do. Anything unusual takes PGlite's own path, and a
 * prepared read that fails is run again that way, so errors read exactly as before.
 */
export function withPreparedStatements(pglite: PGlite): PGlite {
  const counts = new Map<string, number>();
  const prepared = new Map<string, Prepared>();
  let nextName = 0;

  const send = (parts: Uint8Array[]) => pglite.execProtocolStream(concat(parts), { syncToFs: false });

  async function prepare(text: string): Promise<Prepared> {
    if (prepared.size >= MAX_PREPARED) {
      const [oldestText, oldest] = prepared.entries().next().value!;
      prepared.delete(oldestText);
      await send([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]);
    }
    const name = `pglite_read_${++nextName}`;
    const messages = await send([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
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
    const messages = await send([
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
        const [command, count] = (message as CommandComplete).text.split(' ');
        Object.assign(result, { command, rowCount: Number(count) });
      }
    }
    return result;
  }

  /** How often a read has been seen, including this time; the counts are forgotten when full. */
  function count(text: string): number {
    if (counts.size >= MAX_COUNTED && !counts.has(text)) counts.clear();
    const seen = (counts.get(text) ?? 0) + 1;
    counts.set(text, seen);
    return seen;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!prepared.has(text) && (options?.blob || !READ.test(text) || count(text) < PREPARE_AFTER)) {
      return pglite.query<T>(text, params, options);
    }
    await pglite._checkReady();
    // The same two locks as PGlite's own query: never inside another caller's transaction.
    const result = await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        let statement = prepared.get(text);
        try {
          if (statement) {
            prepared.delete(text); // re-inserted: the map's order is the order of use
            prepared.set(text, statement);
          } else {
            statement = await prepare(text);
          }
          return await run(statement, params, options);
        } catch {
          prepared.delete(text);
          if (statement)
            await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]).catch(() => {});
          return undefined;
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
