import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by a zod schema, most often the very one the server validates with: the fields
 * hold what the schema reads (`z.input`), and submit receives what it gives back (`z.output`, with
 * its defaults and transforms applied). Both types are read off the schema.
 */
export function useZodForm<Output extends FieldValues, Input extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}
