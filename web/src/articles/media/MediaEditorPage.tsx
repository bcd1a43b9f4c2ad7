// Placeholder until the screen lands in this issue.
import { ComingSoonPage } from '../../common/ComingSoonPage';
export const CreateVideoPage = ComingSoonPage;
export const EditVideoPage = ComingSoonPage;
export const CreateGalleryPage = ComingSoonPage;
export const EditGalleryPage = ComingSoonPage;
