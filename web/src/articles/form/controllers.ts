import { withController } from '../../common/form/with-controller';
import { AuthorSelect } from './AuthorSelect';
import { CategoryMultiSelect } from './CategoryMultiSelect';
import { CoverImageField } from './CoverImageField';
import { PublishDateField } from './PublishDateField';
import { SectionsField } from './SectionsField';
import { SeoFields } from './SeoFields';

/** The editors' fields bound to a form by name: `<CategoriesController control={control} name="categories" />`. */
export const AuthorController = withController(AuthorSelect);
export const CategoriesController = withController(CategoryMultiSelect);
export const CoverImageController = withController(CoverImageField);
export const PublishDateController = withController(PublishDateField);
/** Pass one message per section as `errors`: the field's own `error` is the whole body's, which the form shows above. */
export const SectionsController = withController(SectionsField);
/** Pass the form's `errors.seo` as `errors`: the three fields' messages. */
export const SeoController = withController(SeoFields);
