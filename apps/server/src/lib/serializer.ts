import { serializerCompiler } from 'fastify-type-provider-zod';

type SerializerCompiler = typeof serializerCompiler;

/**
 * Checks an answer against its response schema and serialises it, once per answer object: the
 * table caches hand out the same object until its tables change, and it is never modified.
 */
export const memoizingSerializerCompiler: SerializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const serialized = new WeakMap<object, string>();
  return (data: unknown) => {
    if (data === null || typeof data !== 'object') return serialize(data);
    let json = serialized.get(data);
    if (json === undefined) {
      json = serialize(data);
      serialized.set(data, json);
    }
    return json;
  };
};
