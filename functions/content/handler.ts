import { CONTENT_ROUTES } from '../../shared/routes/content';
import type { Request } from '../lib/http';
import { handlerFactory, routeParam } from '../lib/http';
import { admitContentKey } from './gate';
import * as delivery from './service';

/** The delivery API's Lambda: its callers hold a content key (gate.ts), never a sign-in. */
const createHandler = handlerFactory(admitContentKey, () => false);

const ifNoneMatch = (req: Request) => req.event.headers?.['if-none-match'] ?? '';
const param = (req: Request, name: string) => req.params[name] ?? '';

export const handler = createHandler('content', CONTENT_ROUTES, {
  'GET /content/v1/site': (req) => delivery.site(ifNoneMatch(req)),
  'GET /content/v1/home': (req) => delivery.home(ifNoneMatch(req)),
  'GET /content/v1/menus/{name}': (req) => delivery.menu(param(req, 'name'), ifNoneMatch(req)),
  'GET /content/v1/latest': (req) => delivery.latest(req.query, ifNoneMatch(req)),
  'GET /content/v1/articles/{slug}': (req) => delivery.articleBySlug(param(req, 'slug'), ifNoneMatch(req)),
  'GET /content/v1/articles/id/{id}': (req) => delivery.articleById(routeParam(req, 'id'), ifNoneMatch(req)),
  'GET /content/v1/categories/{slug}': (req) => delivery.category(param(req, 'slug'), req.query, ifNoneMatch(req)),
  'GET /content/v1/authors/{slug}': (req) => delivery.author(param(req, 'slug'), req.query, ifNoneMatch(req)),
  'GET /content/v1/tags/{tag}': (req) => delivery.tag(param(req, 'tag'), req.query, ifNoneMatch(req)),
  'GET /content/v1/search': (req) => delivery.search(req.query, ifNoneMatch(req)),
  'GET /content/v1/breaking-news': (req) => delivery.breakingNews(ifNoneMatch(req)),
  'GET /content/v1/epapers': (req) => delivery.epapers(req.query, ifNoneMatch(req)),
});
