import { zodResolver } from '@hookform/resolvers/zod';
import { localizedResolver } from './localized-resolver';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by a zod schema, most often the very one the server validates with: the fields
 * hold what the schema reads (`z.input`), and submit receives what it gives back (`z.output`, with
 * its defaults and transforms applied). A union of schemas gives the union of their outputs.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  // Every schema reads its own input and gives its own output; inside this generic function
  // TypeScript cannot see that of `S` by itself.
  const typed = schema as S & z.ZodType<z.output<S>, z.input<S>>;
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: localizedResolver(zodResolver(typed)) });
}
