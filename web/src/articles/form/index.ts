/** The form every article editor (Article/Blog, Video, Gallery, Page) is built from: see README.md. */
export { ArticleStatusBadge } from './ArticleStatusBadge';
export { AuthorSelect, type AuthorSelectProps, useAuthors } from './AuthorSelect';
export { CannotEditArticle } from './CannotEditArticle';
export { CategoryMultiSelect, type CategoryMultiSelectProps, categoryPath } from './CategoryMultiSelect';
export { CoverImageField, type CoverImageFieldProps } from './CoverImageField';
export {
  AuthorController,
  CategoriesController,
  CoverImageController,
  PublishDateController,
  SectionsController,
  SeoController,
} from './controllers';
export { EditorColumns, type EditorColumnsProps, type SidePanelState, useSidePanel } from './EditorColumns';
export { HistoryPanel } from './HistoryPanel';
export { NoActionsNotice } from './NoActionsNotice';
export { PublishDateField, type PublishDateFieldProps } from './PublishDateField';
export { PublishingSection } from './PublishingSection';
export { ARTICLE_LIST_PATH, editPathFor, previewPathFor } from './paths';
export { EDITOR_START_DELAY_MS, RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
export { SectionsField, type SectionsFieldProps } from './SectionsField';
export { SeoFields, type SeoFieldsProps } from './SeoFields';
export { PUBLISHED_MESSAGE, SAVED_MESSAGES, savedMessage } from './saved-message';
export { type SeoValue, seoFormValue } from './seo';
export { TitleField } from './TitleField';
export { WorkflowBar, type WorkflowBarProps } from './WorkflowBar';
