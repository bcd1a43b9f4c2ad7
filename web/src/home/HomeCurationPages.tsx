/** SPEC §2 home curation: top headlines, top stories, the cover story and the home page sections. */
import { MAX_HEADLINES, MAX_TOP_STORIES } from '../../../shared/constants';
import type { ScreenProps } from '../app/screen';
import { CoverStoryEditor } from './CoverStoryEditor';
import { LayoutScreen } from './LayoutScreen';
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

export function TopHeadlinePage({ title }: ScreenProps) {
  return (
    <LayoutScreen
      title={title}
      description={`The first stories on the home page: up to ${MAX_HEADLINES} published articles, in order.`}
      editor={(props) => <SlotEditor {...props} config={HEADLINES} />}
    />
  );
}

export function TopStoryPage({ title }: ScreenProps) {
  return (
    <LayoutScreen
      title={title}
      description={`The top stories block of the home page: up to ${MAX_TOP_STORIES} published articles, in order.`}
      editor={(props) => <SlotEditor {...props} config={TOP_STORIES} />}
    />
  );
}

export function CoverStoryPage({ title }: ScreenProps) {
  return (
    <LayoutScreen
      title={title}
      description="The one published story the home page leads with."
      editor={(props) => <CoverStoryEditor {...props} />}
    />
  );
}

export function ManageSectionPage({ title }: ScreenProps) {
  return (
    <LayoutScreen
      title={title}
      description="Blocks of a category’s stories, videos or photo galleries, each with its own name, template and colour."
      editor={(props) => <SectionsEditor {...props} />}
    />
  );
}
