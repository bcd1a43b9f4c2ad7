// Placeholder until the screen lands in this issue.
import { ComingSoonPage } from '../common/ComingSoonPage';
export const ManageEpaperPage = ComingSoonPage;
