import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type * as z from '../../../../shared/schemas/z';

/**
 * A form checked by one of the shared schemas, so its messages are CONTRACT.md §5's. A field is checked once it has
 * been visited, then again as it changes (react-hook-form's onTouched).
 */
export function useSchemaForm<S extends z.ZodMiniType<FieldValues, FieldValues>>(schema: S, defaultValues: z.input<S>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: defaultValues as DefaultValues<z.input<S>>,
  });
}
