import { DEFAULT_SLUG_STYLE, type SlugStyle } from '../../../shared/slug';
import { useApi } from '../api/use-api';
import { SITE_KEY } from './api';

/**
 * The site's slug style, for the forms that preview a slug as the API will make it (any signed-in user may read
 * the site record); native until it has loaded, and for a site not set up yet.
 */
export function useSlugStyle(): SlugStyle {
  const { data } = useApi(SITE_KEY, { revalidateOnFocus: false });
  return data?.slugStyle ?? DEFAULT_SLUG_STYLE;
}
