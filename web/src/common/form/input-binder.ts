import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * register() together with the field's error message, to spread into a Mantine input:
 * `const input = inputBinder(form)` then `<TextInput label="Name" {...input('name')} />`.
 */
export function inputBinder<T extends FieldValues, C, TT>(form: UseFormReturn<T, C, TT>) {
  const { errors } = form.formState;
  return <N extends Path<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    ...form.register(name, options),
    error: (get(errors, name) as FieldError | undefined)?.message,
  });
}
