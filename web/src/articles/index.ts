import { IconArticle } from '@tabler/icons-react';
import { ARTICLE_RESOURCE } from '../../../shared/permissions';
import type { NavGroupRef, WebResource } from '../app/resource';
import { createGate, editOrOwnGate, lazyScreen, listGate } from '../app/screen';
import { trashRoute } from '../common/trash/trash-route';
import { ARTICLE_LIST_PATH } from './form/paths';

const article = () => import('./editor/ArticleEditorPage');
const media = () => import('./media/MediaEditorPage');
const page = () => import('./page/PageEditorPage');
const group: NavGroupRef = { label: 'Blog Management', icon: IconArticle };
const backTo = ARTICLE_LIST_PATH;
const create = createGate(ARTICLE_RESOURCE);
const edit = editOrOwnGate(ARTICLE_RESOURCE);

/**
 * Articles of every type (article, video, gallery, page) share one list, which CONTRACT.md §2 titles Blog Management.
 * CONTRACT.md §2 has only /page/create; editing a page is the same form with its id.
 */
export default {
  routes: [
    {
      path: backTo,
      title: 'Blog Management',
      ...listGate(ARTICLE_RESOURCE),
      screen: lazyScreen(() => import('./ManageArticlePage'), 'ManageArticlePage'),
    },
    trashRoute(ARTICLE_RESOURCE, backTo, 'Article Trash'),
    {
      path: '/article/create',
      title: 'Add Article',
      ...create,
      backTo,
      screen: lazyScreen(article, 'CreateArticlePage'),
    },
    {
      path: '/article/edit/:id',
      title: 'Update Article',
      ...edit,
      backTo,
      screen: lazyScreen(article, 'EditArticlePage'),
    },
    {
      path: '/article/video/create',
      title: 'Add Video',
      ...create,
      backTo,
      screen: lazyScreen(media, 'CreateVideoPage'),
    },
    {
      path: '/article/video/edit/:id',
      title: 'Update Video',
      ...edit,
      backTo,
      screen: lazyScreen(media, 'EditVideoPage'),
    },
    {
      path: '/article/gallery/create',
      title: 'Add Gallery',
      ...create,
      backTo,
      screen: lazyScreen(media, 'CreateGalleryPage'),
    },
    {
      path: '/article/gallery/edit/:id',
      title: 'Update Gallery',
      ...edit,
      backTo,
      screen: lazyScreen(media, 'EditGalleryPage'),
    },
    { path: '/page/create', title: 'Add Page', ...create, backTo, screen: lazyScreen(page, 'CreatePagePage') },
    { path: '/page/edit/:id', title: 'Update Page', ...edit, backTo, screen: lazyScreen(page, 'EditPagePage') },
    {
      // The admin's read-only preview of an article (there is no separate blog site here).
      path: '/preview/:id',
      title: 'Preview',
      resource: ARTICLE_RESOURCE,
      actions: ['Read', 'Edit', 'EditOwn'],
      screen: lazyScreen(() => import('./preview/PreviewPage'), 'PreviewPage'),
    },
  ],
  nav: [
    { section: 'Content', group, order: 10, label: 'Manage Blog', to: backTo },
    { section: 'Content', group, order: 11, label: 'Add Video', to: '/article/video/create' },
    { section: 'Content', group, order: 12, label: 'Add Gallery', to: '/article/gallery/create' },
    { section: 'Content', group, order: 13, label: 'Add Page', to: '/page/create' },
  ],
} satisfies WebResource;
