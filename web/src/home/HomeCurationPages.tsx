/** CONTRACT.md §2 home curation: top headlines, top stories, the cover story and the home page sections. */
import type { ReactNode } from 'react';
import { MAX_HEADLINES, MAX_TOP_STORIES } from '../../../shared/constants';
import type { ScreenProps } from '../app/screen';
import { CoverStoryEditor } from './CoverStoryEditor';
import { type LayoutEditorProps, LayoutScreen } from './LayoutScreen';
import { SectionsEditor } from './SectionsEditor';
import { type SlotConfig, SlotEditor } from './SlotEditor';

const HEADLINES: SlotConfig = {
  slot: 'headlines',
  max: MAX_HEADLINES,
  many: 'headlines',
  heading: 'Top headlines',
  successMessage: 'Headlines Successfully Updated',
};

const TOP_STORIES: SlotConfig = {
  slot: 'topStory',
  max: MAX_TOP_STORIES,
  many: 'top stories',
  heading: 'Top stories',
  successMessage: 'Topstory Successfully Updated',
};

/** A home curation screen: its header, then the editor of its part of the layout. */
function curationScreen(description: string, editor: (props: LayoutEditorProps) => ReactNode) {
  return ({ title }: ScreenProps) => <LayoutScreen title={title} description={description} editor={editor} />;
}

export const TopHeadlinePage = curationScreen(
  `The first stories on the home page: up to ${MAX_HEADLINES} published articles, in order.`,
  (props) => <SlotEditor {...props} config={HEADLINES} />,
);

export const TopStoryPage = curationScreen(
  `The top stories block of the home page: up to ${MAX_TOP_STORIES} published articles, in order.`,
  (props) => <SlotEditor {...props} config={TOP_STORIES} />,
);

export const CoverStoryPage = curationScreen('The one published story the home page leads with.', (props) => (
  <CoverStoryEditor {...props} />
));

export const ManageSectionPage = curationScreen(
  'Blocks of a category’s stories, videos or photo galleries, each with its own name, template and colour.',
  (props) => <SectionsEditor {...props} />,
);
