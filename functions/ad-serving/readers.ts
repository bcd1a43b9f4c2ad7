/**
 * Who a beacon or a click comes from, as far as counting goes: a keyed hash of the reader's address and browser
 * (never stored in the clear: the table holds no reader's IP), and whether the browser says it is a robot.
 */
import { createHmac } from 'node:crypto';

/**
 * User agents of crawlers, link previews, monitors and headless browsers: what they fetch no person saw. Matched
 * case-insensitively anywhere in the header; an empty header is no person's browser either.
 */
const ROBOTS =
  /bot\b|bot\/|crawler|crawling|spider|slurp|mediapartners|adsbot|facebookexternalhit|facebookcatalog|embedly|quora link preview|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|skypeuripreview|bitlybot|lighthouse|pagespeed|headlesschrome|phantomjs|puppeteer|playwright|selenium|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|curl\/|wget\/|libwww|httpclient|axios\/|node-fetch|undici|uptimerobot|pingdom|statuscake|datadog|newrelic|site24x7|monitor/i;

export const isRobot = (userAgent: string) => userAgent.trim() === '' || ROBOTS.test(userAgent);

/** The reader's counting identity: HMAC of address and user agent under the token secret, 22 characters. */
export const readerOf = (ip: string, userAgent: string, secret: string) =>
  createHmac('sha256', secret).update(`reader:v1:${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
