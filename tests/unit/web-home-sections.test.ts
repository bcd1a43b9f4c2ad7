import { describe, expect, it } from 'vitest';
import type { ArticleRow } from '../../shared/schemas/article-record';
import { HOME_ARTICLE_TYPES } from '../../shared/schemas/layout';
import {
  articleSearchQuery,
  bodyInput,
  type HomeLayout,
  type PlacedArticle,
  placedFromRow,
  placementProblem,
} from '../../web/src/home/api';
import { draftsOf, newSection, sectionProblems, sectionsInput } from '../../web/src/home/sections';

const ID = (n: number) => `01J0000000000000000000000${n}`;

const article = (n: number): PlacedArticle => ({
  _id: ID(n),
  title: `Story ${n}`,
  type: 'Article',
  status: 'Published',
  url: `/story-${n}`,
  publishDate: '2026-01-01T10:00:00.000Z',
  imageUrl: null,
});

const layout: HomeLayout = {
  _id: ID(9),
  name: 'home',
  version: 3,
  updatedAt: '2026-01-01T10:00:00.000Z',
  body: {
    headlines: [article(1), article(2)],
    topStory: [article(3)],
    coverStory: article(4),
    sections: [
      {
        type: 'Category',
        category: { _id: ID(8), name: 'Sport' },
        articles: [article(5)],
        name: 'Sport',
        template: 'template-4',
        color: '#aa3300',
      },
    ],
  },
};

describe('home layout bodies', () => {
  it('sends the layout as read with ids in place of the filled-in articles and categories', () => {
    expect(bodyInput(layout.body)).toEqual({
      headlines: [ID(1), ID(2)],
      topStory: [ID(3)],
      coverStory: ID(4),
      sections: [
        {
          type: 'Category',
          category: ID(8),
          articles: [ID(5)],
          name: 'Sport',
          template: 'template-4',
          color: '#aa3300',
        },
      ],
    });
  });

  it('round-trips saved sections through the editor unchanged', () => {
    expect(sectionsInput(draftsOf(layout.body.sections))).toEqual(bodyInput(layout.body).sections);
  });

  it('sends no category for video and gallery sections and trims names', () => {
    const video = { ...newSection('Video', 'new-1'), name: '  Watch  ', category: { _id: ID(8), name: 'Sport' } };
    expect(sectionsInput([video])[0]).toMatchObject({ type: 'Video', category: null, name: 'Watch' });
  });
});

describe('section problems before saving', () => {
  const body = (drafts: ReturnType<typeof draftsOf>) => ({
    ...bodyInput(layout.body),
    sections: sectionsInput(drafts),
  });

  it('finds nothing wrong with a complete section', () => {
    const drafts = draftsOf(layout.body.sections);
    expect(sectionProblems(body(drafts), drafts, new Set([ID(8)]))).toEqual({ bySection: {}, other: null });
  });

  it('names the section and field of each message from the shared schema', () => {
    const drafts = [...draftsOf(layout.body.sections), { ...newSection('Category', 'new-1'), name: ' ', color: '#12' }];
    const { bySection, other } = sectionProblems(body(drafts), drafts, new Set([ID(8)]));
    expect(other).toBeNull();
    expect(bySection).toEqual({
      'new-1': {
        name: 'Section name is required',
        category: 'Choose the category of this section',
        color: 'Enter the colour as #rrggbb',
      },
    });
  });

  it('flags a category that no longer exists', () => {
    const drafts = draftsOf(layout.body.sections);
    expect(sectionProblems(body(drafts), drafts, new Set()).bySection).toEqual({
      'saved-0': { category: 'This category no longer exists; choose another' },
    });
  });
});

describe('home pickers', () => {
  it('search news only (no Pages) with a thumbnail each; a video or gallery section its own type', () => {
    const query = articleSearchQuery({ text: '  budget ', category: ID(8) });
    expect(query).toMatchObject({ status: 'Publish', search: 'budget', images: 'true', categories: ID(8) });
    expect(query.types).toBe('Article,Blog,Video,Gallery');
    expect(String(query.types).split(',')).toEqual([...HOME_ARTICLE_TYPES]);
    expect(query.type).toBeUndefined();

    const videos = articleSearchQuery({ text: '', type: 'Video' });
    expect(videos).toMatchObject({ type: 'Video', images: 'true' });
    expect(videos.types).toBeUndefined();
  });

  it('carry the cover image of a result, and leave it unknown when the row did not say', () => {
    const row: ArticleRow = {
      _id: ID(1),
      title: 'Story',
      slug: 'story',
      url: '/story',
      type: 'Blog',
      status: 'Published',
      categories: [],
      user: null,
      publishDate: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
      version: 1,
      pendingChanges: null,
    };
    expect(placedFromRow({ ...row, imageUrl: '/media/cover.png' }).imageUrl).toBe('/media/cover.png');
    expect(placedFromRow({ ...row, imageUrl: null }).imageUrl).toBeNull();
    expect('imageUrl' in placedFromRow(row)).toBe(false);
  });

  it('flag a placed article that cannot stay: not published, or a Page', () => {
    expect(placementProblem({ status: 'Published', type: 'Article' })).toBeNull();
    for (const type of HOME_ARTICLE_TYPES) expect(placementProblem({ status: 'Published', type })).toBeNull();
    expect(placementProblem({ status: 'Published', type: 'Page' })).toBe('Pages are not for the home page');
    expect(placementProblem({ status: 'Retract', type: 'Article' })).toBe('Retract');
  });
});
