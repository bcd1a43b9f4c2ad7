import { chromiumPath } from '../launcher/plan.mjs';

/** How the e2e suite and `npm run bench:web` start Chromium: Debian's build (`playwright install` cannot download here), headless, quiet. */
export const CHROMIUM_LAUNCH = {
  executablePath: chromiumPath(process.env),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
