/** Where an article sits on the home page, named for the Retract confirmation. Pure. */
import type { HomeLayoutBody } from '../../../../shared/schemas/layout';

/** The home page's slots that hold `articleId`: "Headlines", "Top stories", "Cover story", 'Section "Sport"'. */
export function homeSlotsOf(body: HomeLayoutBody | undefined, articleId: string): string[] {
  if (!body) return [];
  const holds = (list: readonly { _id: string }[] | undefined) => (list ?? []).some((a) => a._id === articleId);
  const slots: string[] = [];
  if (holds(body.headlines)) slots.push('Headlines');
  if (holds(body.topStory)) slots.push('Top stories');
  if (body.coverStory?._id === articleId) slots.push('Cover story');
  for (const section of body.sections ?? []) if (holds(section.articles)) slots.push(`Section "${section.name}"`);
  return slots;
}

/**
 * The Retract question's text: what leaving the site means for the home page. `slots` undefined when the layout
 * could not be read.
 */
export function retractText(slots: readonly string[] | undefined): string {
  if (slots === undefined) return 'It goes off the site, and out of any home-page slot it holds.';
  if (slots.length === 0) return 'It goes off the site. It is not on the home page.';
  return `It goes off the site and leaves the home page: ${slots.join(', ')}.`;
}
