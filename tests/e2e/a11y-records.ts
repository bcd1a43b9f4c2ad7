/**
 * What the accessibility pass (accessibility.spec.ts) shows on its screens, made through the API: a record of every
 * kind for the edit screens (articles of all five types with rich text of every block kind), one removed record in
 * each trash, a user who signs in with two-factor and one whose role requires it but who has not set it up.
 */
import type { APIRequestContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { StaffApi } from './api';

const PASSWORD = 'E2e-A11y-Password-1';

/** Names of this run's records (`run` in each); `removed` is what each trash holds. */
export const recordNames = (run: string) => ({
  category: `Desk ${run}`,
  otherCategory: `Culture ${run}`,
  article: `Harbour reopens ${run}`,
  blog: `Notes from the desk ${run}`,
  video: `Storm footage ${run}`,
  gallery: `Storm in pictures ${run}`,
  page: `About us ${run}`,
  epaper: `Morning edition ${run}`,
  client: `Acme ${run}`,
  ad: `Spring sale ${run}`,
  role: `Desk editor ${run}`,
  user: 'Una User',
  breaking: `Flood alert ${run}`,
  removed: `Removed ${run}`,
});

/** The users of the sign-in screens: one with two-factor sign-in on, one who must set it up first. */
export const signInUsers = (run: string) => ({
  twoFactor: { email: `a11y-2fa-${run}@example.com`, name: 'Tess Twostep', password: PASSWORD },
  enrolling: { email: `a11y-enrol-${run}@example.com`, name: 'Ewan Enrol', password: PASSWORD },
});

/** Sections of rich text with a heading, paragraphs, a quote and a list. */
const richText = (run: string, ...texts: string[]) => [
  {
    title: 'What happened',
    body: {
      blocks: [
        { type: 'header', data: { text: `Overview ${run}`, level: 2 } },
        ...texts.map((text) => ({ type: 'paragraph', data: { text } })),
        { type: 'quote', data: { text: 'We are open again.', caption: 'The harbour master', alignment: 'left' } },
        { type: 'list', data: { style: 'unordered', items: [{ content: 'Ferries', items: [] }] } },
      ],
    },
  },
];

/** Makes every record the pass shows; the ids by the keys of recordNames. */
export async function makeEveryRecord(admin: StaffApi, request: APIRequestContext, run: string) {
  const name = recordNames(run);
  const ids: Record<string, string> = {};
  const author = await admin.userId();
  const category = await admin.category(name.category);
  ids.category = category._id;
  await admin.category(name.otherCategory);
  const article = (type: string, title: string, extra: Record<string, unknown> = {}) =>
    admin.create('/api/cms/create', {
      type,
      action: 'save',
      title,
      categories: [category._id],
      user: author,
      publishDate: new Date(Date.now() - 3_600_000).toISOString(),
      body: richText(run, 'Ships are back after three days.', 'Crews cleared the quay by nine.'),
      ...extra,
    });
  const seo = { title: 'Storm', description: 'The storm, as it was.' };
  ids.article = (await article('Article', name.article))._id;
  // Published: the home page's pickers offer it.
  ids.blog = (await article('Blog', name.blog, { action: 'publish' }))._id;
  // A cover each: an upload serves one record.
  const media = async (title: string) => ({
    description: 'The storm.',
    seo,
    image: await admin.mediaCover(`${title}.png`),
    imageAlt: 'Storm clouds over the harbour',
    body: [],
  });
  const video = { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' };
  ids.video = (await article('Video', name.video, { ...(await media(name.video)), videos: [video] }))._id;
  const picture = { url: 'https://images.example.com/a.png' };
  ids.gallery = (await article('Gallery', name.gallery, { ...(await media(name.gallery)), gallery: [picture] }))._id;
  const page = { type: 'Page', action: 'save', title: name.page, body: richText(run, 'A newsroom.') };
  ids.page = (await admin.create('/api/cms/create', page))._id;

  const edition = async (title: string) =>
    admin.create('/api/epaper/create', {
      title,
      seo,
      file: await admin.epaperPdf(`${title}.pdf`),
      publishDate: new Date().toISOString(),
    });
  ids.epaper = (await edition(name.epaper))._id;
  const client = (clientName: string) => admin.create('/api/client', { name: clientName, email: 'ads@acme.example' });
  ids.client = (await client(name.client))._id;
  const ad = async (title: string) =>
    admin.create('/api/advertisement', {
      title,
      client: ids.client,
      categories: [category._id],
      maxImpressionAllowed: 500,
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      position: 'Bottom',
      images: [{ screenType: 'Mobile', file: await admin.adImage(`${title}.png`) }],
    });
  ids.ad = (await ad(name.ad))._id;
  const role = { name: name.role, description: 'Edits the desk', modelPermissions: { Cms: ['Read', 'Edit'] } };
  ids.role = (await admin.role(role))._id;
  const user = { email: `a11y-user-${run}@example.com`, name: name.user, password: PASSWORD, roles: [ids.role] };
  ids.user = (await admin.user(user))._id;
  ids.breaking = (await admin.create('/api/breaking-news', { title: name.breaking, url: '/weather' }))._id;
  const menu = () =>
    admin.create('/api/menu/create', {
      name: 'menu-2',
      items: [{ itemId: `home-${run}`, title: 'Home', url: '/', parent: null, menuType: 'custom' }],
    });
  ids.menu = (await menu())._id;

  // One removed record in each trash.
  await admin.trash(`/api/cms/${(await article('Article', name.removed))._id}`);
  await admin.trash(`/api/category/${(await admin.category(name.removed))._id}`);
  await admin.trash(`/api/client/${(await client(name.removed))._id}`);
  await admin.trash(`/api/advertisement/${(await ad(name.removed))._id}`);
  await admin.trash(`/api/epaper/${(await edition(name.removed))._id}`);
  await admin.trash(`/api/breaking-news/${(await admin.create('/api/breaking-news', { title: name.removed }))._id}`);
  await admin.trash(`/api/menu/${(await menu())._id}`);

  const users = signInUsers(run);
  await admin.user(users.twoFactor);
  const twoStep = await StaffApi.signIn(request, users.twoFactor);
  const { secret } = await twoStep.post<{ secret: string }>('/api/auth/two-factor/setup');
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();
  await twoStep.post('/api/auth/two-factor/enable', { code, password: users.twoFactor.password });
  const strict = await admin.create('/api/role/create', {
    name: `Strict ${run}`,
    description: 'Needs two-factor sign-in',
    requiresTwoFactor: true,
  });
  await admin.user({ ...users.enrolling, roles: [strict._id] });
  return ids;
}
