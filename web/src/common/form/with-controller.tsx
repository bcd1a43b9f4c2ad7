import type { ComponentType } from 'react';
import { type Control, Controller, type FieldValues, type Path, type PathValue } from 'react-hook-form';

/** What a field component takes from react-hook-form's Controller: its value and onChange (onBlur and error too). */
interface BoundFieldProps {
  value: unknown;
  onChange: (value: never) => void;
}

type Bound = keyof BoundFieldProps | 'onBlur' | 'error';

export type ControllerProps<P extends BoundFieldProps, T extends FieldValues, C, TT, N extends Path<T>> = Omit<
  P,
  Bound
> & {
  control: Control<T, C, TT>;
  name: N;
  /** The stored value as the field shows it (an empty string as no date). */
  format?: (stored: PathValue<T, N>) => P['value'];
  /** The field's value as the form stores it. */
  parse?: (value: Parameters<P['onChange']>[0]) => PathValue<T, N>;
  /** Counts the field as visited on every change: for fields with no blur of their own (uploads). */
  touchOnChange?: boolean;
};

/**
 * A field component bound to a form by name: `withController(CategoryMultiSelect)` gives a component used as
 * `<Categories control={control} name="categories" required />`, with value, onChange, onBlur and the field's
 * error message filled in.
 */
export function withController<P extends BoundFieldProps>(Field: ComponentType<P>) {
  return function FieldController<T extends FieldValues, C, TT, N extends Path<T>>({
    control,
    name,
    format,
    parse,
    touchOnChange,
    ...props
  }: ControllerProps<P, T, C, TT, N>) {
    return (
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const bound = {
            value: format ? format(field.value) : field.value,
            onChange: (value: Parameters<P['onChange']>[0]) => {
              field.onChange(parse ? parse(value) : value);
              if (touchOnChange) field.onBlur();
            },
            onBlur: field.onBlur,
            error: fieldState.error?.message,
          };
          return <Field {...({ ...props, ...bound } as unknown as P)} />;
        }}
      />
    );
  };
}
