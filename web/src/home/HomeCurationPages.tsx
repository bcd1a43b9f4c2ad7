// Placeholder until the screen lands in this issue.
import { ComingSoonPage } from '../common/ComingSoonPage';
export const TopHeadlinePage = ComingSoonPage;
export const TopStoryPage = ComingSoonPage;
export const CoverStoryPage = ComingSoonPage;
export const ManageSectionPage = ComingSoonPage;
