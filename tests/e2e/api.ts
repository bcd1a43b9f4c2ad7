/**
 * Setting data up through the API, as the web app would. Each spec makes what it needs under names of its own
 * (runTag, unique in support.ts), so no spec counts on another's leftovers, whichever worker runs it and when.
 */
import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { pdf, png } from './files';

export interface Credentials {
  email: string;
  password: string;
}

/** What the API answers for a new record. */
export interface Created {
  _id: string;
}

export interface Category extends Created {
  name: string;
}

/** An article as the API answers for it: its status, and the version the next save names. */
export interface Article extends Created {
  status: string;
  version: number;
}

export interface NewRole {
  name: string;
  description: string;
  /** A resource's actions, e.g. { Cms: ['Read', 'Edit:own'] }. */
  modelPermissions: Record<string, string[]>;
}

export interface NewUser extends Credentials {
  name: string;
  /** Role ids; none by default. */
  roles?: string[];
}

export interface ArticleOptions {
  /** 'save' (the default) makes a Draft. */
  action?: 'save' | 'publish';
  /** An hour ago unless given. */
  publishDate?: string;
  text?: string;
}

/**
 * What /api/cms/create takes for a valid Article (CONTRACT.md §5): a title, one category, an author and one paragraph.
 */
export function articleData(
  title: string,
  categoryId: string,
  authorId: string,
  { action = 'save', publishDate, text = 'Hello' }: ArticleOptions = {},
) {
  return {
    type: 'Article',
    action,
    title,
    categories: [categoryId],
    user: authorId,
    publishDate: publishDate ?? new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    body: [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text } }] } }],
  };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The API as one signed-in staff member calls it (paths start with /api/). */
export class StaffApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  /** Signs `who` in through /api/auth/login. */
  static async signIn(request: APIRequestContext, who: Credentials): Promise<StaffApi> {
    const login = await request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
    expect(login.ok(), `sign-in of ${who.email}: ${login.status()}`).toBe(true);
    return new StaffApi(request, ((await login.json()) as { data: { token: string } }).data.token);
  }

  /** The raw reply, for a test that reads a refusal itself. */
  send(method: Method, path: string, data?: unknown): Promise<APIResponse> {
    return this.request.fetch(path, { method, headers: { Authorization: `Bearer ${this.token}` }, data });
  }

  /**
   * The reply's `data`. Fails the test, with the reply in the message, unless the status is 2xx, or exactly `status`
   * when one is given.
   */
  async call<T = unknown>(method: Method, path: string, data?: unknown, { status }: { status?: number } = {}) {
    const response = await this.send(method, path, data);
    const text = await response.text();
    const message = `${method} ${path}: ${response.status()} ${text}`;
    if (status === undefined) expect(response.ok(), message).toBe(true);
    else expect(response.status(), message).toBe(status);
    return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }

  post<T = unknown>(path: string, data?: unknown): Promise<T> {
    return this.call<T>('POST', path, data);
  }

  patch<T = unknown>(path: string, data: unknown): Promise<T> {
    return this.call<T>('PATCH', path, data);
  }

  /** POSTs a new record (category, role, user, client, article, ad…) and returns it; the API must answer 201. */
  create<T = Created>(path: string, data: unknown): Promise<T> {
    return this.call<T>('POST', path, data, { status: 201 });
  }

  /** Moves a record to its trash (`DELETE {base}/{id}`, e.g. /api/client/…). */
  async trash(path: string): Promise<void> {
    await this.call('DELETE', path);
  }

  /** The id of the signed-in user. */
  async userId(): Promise<string> {
    return (await this.get<Created>('/api/user/me'))._id;
  }

  /** A new top-level category. */
  category(name: string): Promise<Category> {
    return this.create<Category>('/api/category/create', { name });
  }

  role(role: NewRole): Promise<Created> {
    return this.create('/api/role/create', role);
  }

  /** A new active user, with a phone number and the password typed twice as the form asks. */
  user({ email, name, password, roles = [] }: NewUser): Promise<Created> {
    return this.create('/api/user', {
      email,
      name,
      phone: '+91 98765 43210',
      roles,
      password,
      confirmPassword: password,
    });
  }

  /**
   * A contributor: a new role with Read, Write and Edit:own on Cms and Read on categories, and a user holding it.
   * Without Edit on Cms, their Publish sends an article for review.
   */
  async contributor(user: Omit<NewUser, 'roles'>, role: Omit<NewRole, 'modelPermissions'>): Promise<Created> {
    const { _id } = await this.role({
      ...role,
      modelPermissions: { Cms: ['Read', 'Write', 'Edit:own'], Category: ['Read'] },
    });
    return this.user({ ...user, roles: [_id] });
  }

  /** A new Article (articleData); `T` names what the test reads of the reply. */
  article<T = Created>(title: string, categoryId: string, authorId: string, options?: ArticleOptions): Promise<T> {
    return this.create<T>('/api/cms/create', articleData(title, categoryId, authorId, options));
  }

  /** Uploads a small PNG as an `ad-image` the way the browser's Uploader does (start, PUT, complete); its id. */
  adImage(name: string): Promise<string> {
    return this.image(name, 'ad-image', png(32, 16, [200, 40, 40]));
  }

  /** Uploads a small PNG as an article's `cover-image` (a thumbnail in the home page's pickers); its id. */
  coverImage(name: string, colour: [number, number, number] = [40, 90, 200]): Promise<string> {
    return this.image(name, 'cover-image', png(48, 36, colour));
  }

  /** Uploads a small PNG as a video's or gallery's `media-cover`; its id. */
  mediaCover(name: string): Promise<string> {
    return this.image(name, 'media-cover', png(48, 36, [90, 40, 120]));
  }

  /** Uploads a one-page PDF as an e-paper's `epaper-pdf`; its id. */
  async epaperPdf(name: string): Promise<string> {
    return this.upload(name, 'epaper-pdf', await pdf([name]), 'application/pdf');
  }

  private image(name: string, purpose: string, bytes: Buffer): Promise<string> {
    return this.upload(name, purpose, bytes, 'image/png');
  }

  private async upload(name: string, purpose: string, bytes: Buffer, contentType: string): Promise<string> {
    const started = await this.create<Created & { upload: { url: string; headers: Record<string, string> } }>(
      '/api/asset/upload',
      { name, contentType, size: bytes.length, purpose },
    );
    const put = await this.request.put(started.upload.url, { headers: started.upload.headers, data: bytes });
    expect(put.ok(), `PUT ${name}`).toBe(true);
    await this.post(`/api/asset/${started._id}/complete`, {});
    return started._id;
  }

  /** The home page layout: one record for the whole site. */
  homeLayout<T extends HomeLayout = HomeLayout>(): Promise<T> {
    return this.get<T>('/api/layout/home');
  }

  /** Saves `body` over `layout` at the version it was read at; the raw reply, for a test that expects a refusal. */
  saveHomeLayout(layout: HomeLayout, body: unknown): Promise<APIResponse> {
    return this.send('PATCH', `/api/layout/${layout._id}`, { version: layout.version, body });
  }
}

export interface HomeLayout {
  _id: string;
  version: number;
}

/** The home layout as the admin API answers it: slots of placed articles. */
export interface PlacedLayout extends HomeLayout {
  body: {
    headlines: { _id: string }[];
    topStory: { _id: string }[];
    coverStory: { _id: string } | null;
    sections: {
      type: string;
      category: { _id: string } | null;
      articles: { _id: string }[];
      name: string;
      template: string;
      color: string;
    }[];
  };
}

const idsOf = (list: { _id: string }[]) => list.map((a) => a._id);

/** The layout's body as PATCH /layout/{id} takes it: ids instead of the placed articles. */
export function layoutIds(layout: PlacedLayout) {
  return {
    headlines: idsOf(layout.body.headlines),
    topStory: idsOf(layout.body.topStory),
    coverStory: layout.body.coverStory?._id ?? null,
    sections: layout.body.sections.map((s) => ({
      ...s,
      category: s.category?._id ?? null,
      articles: idsOf(s.articles),
    })),
  };
}
