import { type Control, Controller, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useSlugStyle } from '../../site/use-slug-style';
import { SlugInput } from './SlugInput';

interface SlugControllerProps<T extends FieldValues, C, TT> {
  control: Control<T, C, TT>;
  /** The field the slug is made from: an article's `title`, a category's `name`. */
  source?: 'title' | 'name';
  /** A new record: the slug follows its source until it is edited. A stored one keeps its slug. */
  follow: boolean;
  label?: string;
}

/**
 * The URL slug, bound to the form's `slug` and made from its title (or name) in the site's slug style; the API
 * checks that no other record has it.
 */
export function SlugController<T extends FieldValues, C, TT>({
  control,
  source = 'title',
  follow,
  label,
}: SlugControllerProps<T, C, TT>) {
  const made = useWatch({ control, name: source as Path<T> }) as unknown;
  const slugStyle = useSlugStyle();
  return (
    <Controller
      control={control}
      name={'slug' as Path<T>}
      render={({ field, fieldState }) => (
        <SlugInput
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          source={typeof made === 'string' ? made : ''}
          sourceName={source}
          follow={follow}
          slugStyle={slugStyle}
        />
      )}
    />
  );
}
