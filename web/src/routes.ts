/**
 * Every screen of SPEC §2 in one table: its path, its title, its gate (SPEC §6) and its lazily loaded screen.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { type AccessSubject, type Action, canAccess, type Resource } from '../../shared/permissions';

/** What every screen receives from the route table. */
export interface ScreenProps {
  title: string;
  /** Form screens: where the back button goes. */
  backTo?: string;
}

export type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

export interface AppRoute {
  path: string;
  title: string;
  /** The gate: no resource means any signed-in user may open the screen. */
  resource?: Resource;
  actions?: readonly Action[];
  /** Set on form screens, which show a back button. */
  backTo?: string;
  /** Only super admins may open it (the audit trail), whatever their roles grant. */
  superAdminOnly?: boolean;
  screen: Screen;
}

function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType<ScreenProps>>>, name: K): Screen {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const dashboard = lazyScreen(() => import('./dashboard/DashboardPage'), 'DashboardPage');
const manageUser = lazyScreen(() => import('./users/ManageUserPage'), 'ManageUserPage');
const createUser = lazyScreen(() => import('./users/CreateUserPage'), 'CreateUserPage');
const editUser = lazyScreen(() => import('./users/EditUserPage'), 'EditUserPage');
const changeUserPassword = lazyScreen(() => import('./users/ChangeUserPasswordPage'), 'ChangeUserPasswordPage');
const manageRole = lazyScreen(() => import('./roles/ManageRolePage'), 'ManageRolePage');
const createRole = lazyScreen(() => import('./roles/RoleFormPage'), 'CreateRolePage');
const editRole = lazyScreen(() => import('./roles/RoleFormPage'), 'EditRolePage');
const profile = lazyScreen(() => import('./profile/ProfilePage'), 'ProfilePage');
const changePassword = lazyScreen(() => import('./profile/ChangePasswordPage'), 'ChangePasswordPage');
const manageCategory = lazyScreen(() => import('./categories/ManageCategoryPage'), 'ManageCategoryPage');
const manageMenu = lazyScreen(() => import('./menus/ManageMenuPage'), 'ManageMenuPage');
const createMenu = lazyScreen(() => import('./menus/MenuEditorPage'), 'CreateMenuPage');
const editMenu = lazyScreen(() => import('./menus/MenuEditorPage'), 'EditMenuPage');
const manageClient = lazyScreen(() => import('./clients/ManageClientPage'), 'ManageClientPage');
const createClient = lazyScreen(() => import('./clients/ClientFormPage'), 'CreateClientPage');
const editClient = lazyScreen(() => import('./clients/ClientFormPage'), 'EditClientPage');
const manageBreakingNews = lazyScreen(() => import('./breaking-news/ManageBreakingNewsPage'), 'ManageBreakingNewsPage');
const siteManagement = lazyScreen(() => import('./site/SiteManagementPage'), 'SiteManagementPage');
const manageArticle = lazyScreen(() => import('./articles/ManageArticlePage'), 'ManageArticlePage');
const createArticle = lazyScreen(() => import('./articles/editor/ArticleEditorPage'), 'CreateArticlePage');
const editArticle = lazyScreen(() => import('./articles/editor/ArticleEditorPage'), 'EditArticlePage');
const createVideo = lazyScreen(() => import('./articles/media/MediaEditorPage'), 'CreateVideoPage');
const editVideo = lazyScreen(() => import('./articles/media/MediaEditorPage'), 'EditVideoPage');
const createGallery = lazyScreen(() => import('./articles/media/MediaEditorPage'), 'CreateGalleryPage');
const editGallery = lazyScreen(() => import('./articles/media/MediaEditorPage'), 'EditGalleryPage');
const createPage = lazyScreen(() => import('./articles/page/PageEditorPage'), 'CreatePagePage');
const editPage = lazyScreen(() => import('./articles/page/PageEditorPage'), 'EditPagePage');
const manageEpaper = lazyScreen(() => import('./epaper/ManageEpaperPage'), 'ManageEpaperPage');
const createEpaper = lazyScreen(() => import('./epaper/EpaperFormPage'), 'CreateEpaperPage');
const editEpaper = lazyScreen(() => import('./epaper/EpaperFormPage'), 'EditEpaperPage');
const manageAdvertisement = lazyScreen(
  () => import('./advertisements/ManageAdvertisementPage'),
  'ManageAdvertisementPage',
);
const createAdvertisement = lazyScreen(
  () => import('./advertisements/AdvertisementFormPage'),
  'CreateAdvertisementPage',
);
const editAdvertisement = lazyScreen(() => import('./advertisements/AdvertisementFormPage'), 'EditAdvertisementPage');
const topHeadlines = lazyScreen(() => import('./home/HomeCurationPages'), 'TopHeadlinePage');
const topStories = lazyScreen(() => import('./home/HomeCurationPages'), 'TopStoryPage');
const coverStory = lazyScreen(() => import('./home/HomeCurationPages'), 'CoverStoryPage');
const manageSections = lazyScreen(() => import('./home/HomeCurationPages'), 'ManageSectionPage');
const previewArticle = lazyScreen(() => import('./articles/preview/PreviewPage'), 'PreviewPage');
const audit = lazyScreen(() => import('./audit/AuditPage'), 'AuditPage');

type Gate = Pick<AppRoute, 'resource' | 'actions'>;
const list = (resource: Resource): Gate => ({ resource, actions: ['Read'] });
const create = (resource: Resource): Gate => ({ resource, actions: ['Write'] });
const edit = (resource: Resource): Gate => ({ resource, actions: ['Edit'] });
const editOrOwn = (resource: Resource): Gate => ({ resource, actions: ['Edit', 'EditOwn'] });

export const APP_ROUTES: readonly AppRoute[] = [
  // Dashboard
  { path: '/', title: 'Dashboard', screen: dashboard },
  { path: '/settings', title: 'Dashboard', screen: dashboard },

  // Users (the manage list requires Edit, SPEC §6)
  { path: '/user', title: 'Manage User', ...edit('User'), screen: manageUser },
  { path: '/user/create', title: 'Create User', ...create('User'), backTo: '/user', screen: createUser },
  { path: '/user/edit/:id', title: 'Edit User', ...edit('User'), backTo: '/user', screen: editUser },
  {
    path: '/user/change-password/:id',
    title: 'Change Password',
    ...edit('User'),
    backTo: '/user',
    screen: changeUserPassword,
  },

  // Roles
  { path: '/role', title: 'Manage Role', ...list('Role'), screen: manageRole },
  { path: '/role/create', title: 'Create Role', ...create('Role'), backTo: '/role', screen: createRole },
  { path: '/role/edit/:id', title: 'Edit Role', ...edit('Role'), backTo: '/role', screen: editRole },

  // Categories (spelt so)
  { path: '/shop/catagory', title: 'Manage Category', ...list('Category'), screen: manageCategory },

  // Menus: /create is the menu editor for a new menu
  { path: '/menu', title: 'Menu Management', ...list('Menu'), screen: manageMenu },
  { path: '/create', title: 'Add Menu', ...create('Menu'), backTo: '/menu', screen: createMenu },
  { path: '/menu/:id', title: 'Edit Menu', ...edit('Menu'), backTo: '/menu', screen: editMenu },

  // Articles (SPEC titles the list Blog Management)
  { path: '/article', title: 'Blog Management', ...list('Cms'), screen: manageArticle },
  { path: '/article/create', title: 'Add Article', ...create('Cms'), backTo: '/article', screen: createArticle },
  { path: '/article/edit/:id', title: 'Update Article', ...editOrOwn('Cms'), backTo: '/article', screen: editArticle },
  { path: '/article/video/create', title: 'Add Video', ...create('Cms'), backTo: '/article', screen: createVideo },
  {
    path: '/article/video/edit/:id',
    title: 'Update Video',
    ...editOrOwn('Cms'),
    backTo: '/article',
    screen: editVideo,
  },
  {
    path: '/article/gallery/create',
    title: 'Add Gallery',
    ...create('Cms'),
    backTo: '/article',
    screen: createGallery,
  },
  {
    path: '/article/gallery/edit/:id',
    title: 'Update Gallery',
    ...editOrOwn('Cms'),
    backTo: '/article',
    screen: editGallery,
  },

  // Pages (SPEC has only the create route; editing a page is the same form with its id)
  { path: '/page/create', title: 'Add Page', ...create('Cms'), backTo: '/article', screen: createPage },
  { path: '/page/edit/:id', title: 'Update Page', ...editOrOwn('Cms'), backTo: '/article', screen: editPage },

  // The admin's read-only preview of an article (there is no separate blog site here)
  {
    path: '/preview/:id',
    title: 'Preview',
    resource: 'Cms',
    actions: ['Read', 'Edit', 'EditOwn'],
    screen: previewArticle,
  },

  // E-paper
  { path: '/epaper', title: 'Epaper Management', ...list('Epaper'), screen: manageEpaper },
  { path: '/epaper/create', title: 'Add Epaper', ...create('Epaper'), backTo: '/epaper', screen: createEpaper },
  { path: '/epaper/edit/:id', title: 'Update Epaper', ...editOrOwn('Epaper'), backTo: '/epaper', screen: editEpaper },

  // Advertisements
  {
    path: '/advertisement',
    title: 'Advertisement Management',
    ...list('Advertisement'),
    screen: manageAdvertisement,
  },
  {
    path: '/advertisement/create',
    title: 'Add Advertisement',
    ...create('Advertisement'),
    backTo: '/advertisement',
    screen: createAdvertisement,
  },
  {
    path: '/advertisement/edit/:id',
    title: 'Update Advertisement',
    ...edit('Advertisement'),
    backTo: '/advertisement',
    screen: editAdvertisement,
  },

  // Clients
  { path: '/client', title: 'Client Management', ...list('Client'), screen: manageClient },
  { path: '/client/create', title: 'Add Client', ...create('Client'), backTo: '/client', screen: createClient },
  { path: '/client/edit/:id', title: 'Update Client', ...editOrOwn('Client'), backTo: '/client', screen: editClient },

  // Breaking news (path spelt so; SPEC titles the page 'Manage Category')
  { path: '/breraking-news', title: 'Manage Category', ...list('BreakingNews'), screen: manageBreakingNews },

  // Home curation: no resource
  { path: '/home/top-headline', title: 'Manage Top Headlines', screen: topHeadlines },
  { path: '/home/top-story', title: 'Manage Top Stories', screen: topStories },
  { path: '/home/cover-story', title: 'Manage Cover Story', screen: coverStory },
  { path: '/home/manage-section', title: 'Manage Home Page Sections', screen: manageSections },

  // Own account and site: no resource
  { path: '/profile', title: 'Profile', backTo: '/', screen: profile },
  { path: '/change-password', title: 'Change Password', backTo: '/', screen: changePassword },
  { path: '/site-management', title: 'Site Management', backTo: '/', screen: siteManagement },

  // Who did what to accounts, roles, the site and the home page (GET /audit is for super admins only)
  { path: '/audit', title: 'Audit Trail', superAdminOnly: true, screen: audit },
];

/** The route gate: the route's permission (SPEC §6), and for a super-admin screen, being one. */
export function canOpenRoute(user: AccessSubject | null | undefined, route: AppRoute): boolean {
  if (route.superAdminOnly && user?.isSuperAdmin !== true) return false;
  return canAccess(user, route.resource, route.actions);
}

/** The route registered at exactly `path` (a pattern such as `/user/edit/:id`), if any. */
export function routeAt(path: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => route.path === path);
}
