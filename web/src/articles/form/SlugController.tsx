import { type Control, Controller, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { SlugInput } from '../../common/form/SlugInput';
import { useSlugStyle } from '../../site/use-slug-style';

interface SlugControllerProps<T extends FieldValues, C, TT> {
  control: Control<T, C, TT>;
  /** A new article: the slug follows the title until it is edited. A stored one keeps its slug. */
  follow: boolean;
}

/**
 * The editors' URL slug, bound to the form's `slug` and made from its `title` in the site's slug
 * style; the API checks that no other article has it.
 */
export function SlugController<T extends FieldValues, C, TT>({ control, follow }: SlugControllerProps<T, C, TT>) {
  const title = useWatch({ control, name: 'title' as Path<T> }) as unknown;
  const slugStyle = useSlugStyle();
  return (
    <Controller
      control={control}
      name={'slug' as Path<T>}
      render={({ field, fieldState }) => (
        <SlugInput
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          source={typeof title === 'string' ? title : ''}
          sourceName="title"
          follow={follow}
          slugStyle={slugStyle}
        />
      )}
    />
  );
}
