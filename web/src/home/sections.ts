/** The sections editor's state and the rules it checks before saving (pure, so they are easy to test). */
import { SECTION_TEMPLATES } from '../../../shared/constants';
import { type LayoutBodyInput, layoutBodySchema, type SectionType } from '../../../shared/schemas/layout';
import type { LayoutSection, PlacedArticle, TemplateValue } from './api';

/** A section being edited: the layout's section plus a key that stays put while sections move. */
export interface SectionDraft extends LayoutSection {
  key: string;
}

export type SectionField = 'name' | 'category' | 'template' | 'color' | 'articles';
const SECTION_FIELDS: readonly string[] = [
  'name',
  'category',
  'template',
  'color',
  'articles',
] satisfies SectionField[];
const isSectionField = (field: unknown): field is SectionField =>
  typeof field === 'string' && SECTION_FIELDS.includes(field);

export type SectionErrors = Partial<Record<SectionField, string>>;

export const TEMPLATE_CHOICES = SECTION_TEMPLATES.map(({ value, label }) => ({ value, label }));

export const templateLabel = (value: string) => SECTION_TEMPLATES.find((t) => t.value === value)?.label ?? value;

/** What a new section of each type starts with. */
const NEW_SECTION: Record<SectionType, Pick<LayoutSection, 'name' | 'color' | 'template'>> = {
  Category: { name: '', color: '#1c4a92', template: 'template-1' },
  Video: { name: 'Videos', color: '#c92a2a', template: 'template-1' },
  Gallery: { name: 'Photo galleries', color: '#6741d9', template: 'template-1' },
};

/** Colours offered under the picker: the brand blue and a few that read well as section accents. */
export const SECTION_SWATCHES = [
  '#1c4a92',
  '#1971c2',
  '#0c8599',
  '#2f9e44',
  '#e8590c',
  '#c92a2a',
  '#a61e4d',
  '#6741d9',
  '#343a40',
];

export function newSection(type: SectionType, key: string): SectionDraft {
  return { key, type, category: null, articles: [], ...NEW_SECTION[type] };
}

export function draftsOf(sections: readonly LayoutSection[]): SectionDraft[] {
  return sections.map((section, index) => ({ ...section, key: `saved-${index}` }));
}

export function sectionsInput(drafts: readonly SectionDraft[]): LayoutBodyInput['sections'] {
  return drafts.map((draft) => ({
    type: draft.type,
    category: draft.type === 'Category' ? (draft.category?._id ?? null) : null,
    articles: draft.articles.map((a: PlacedArticle) => a._id),
    name: draft.name.trim(),
    template: draft.template as TemplateValue,
    color: draft.color.trim(),
  }));
}

export const displayName = (draft: Pick<SectionDraft, 'name' | 'type'>) =>
  draft.name.trim() || `Untitled ${draft.type.toLowerCase()} section`;

/**
 * The shared schema's messages per section and field, plus a category that no longer exists (the API would
 * refuse it too, but without saying which section). Keyed by the drafts' keys; empty when all is well.
 */
export function sectionProblems(
  body: LayoutBodyInput,
  drafts: readonly SectionDraft[],
  knownCategories: ReadonlySet<string> | null,
): { bySection: Record<string, SectionErrors>; other: string | null } {
  const bySection: Record<string, SectionErrors> = {};
  let other: string | null = null;
  const note = (index: number, field: SectionField, message: string) => {
    const key = drafts[index]?.key;
    if (!key) return;
    bySection[key] ??= {};
    bySection[key][field] ??= message;
  };
  const parsed = layoutBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [top, index, field] = issue.path;
      if (top === 'sections' && typeof index === 'number' && isSectionField(field)) {
        note(index, field, issue.message);
      } else {
        other ??= issue.message;
      }
    }
  }
  if (knownCategories) {
    body.sections.forEach((section, index) => {
      if (section.category && !knownCategories.has(section.category)) {
        note(index, 'category', 'This category no longer exists; choose another');
      }
    });
  }
  return { bySection, other };
}
