import { IconPhoto } from '@tabler/icons-react';
import type { WebResource } from '../app/resource';
import { lazyScreen, listGate } from '../app/screen';

/** The media library (Asset, shown as Media). Not at /media: the gateway serves the files themselves there. */
export default {
  routes: [
    {
      path: '/media-library',
      title: 'Media Library',
      ...listGate('Asset'),
      screen: lazyScreen(() => import('./MediaLibraryPage'), 'MediaLibraryPage'),
    },
  ],
  nav: [{ section: 'Content', order: 45, label: 'Media', to: '/media-library', icon: IconPhoto }],
} satisfies WebResource;
