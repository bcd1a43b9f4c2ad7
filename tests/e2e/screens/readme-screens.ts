/**
 * The screenshots in web/README.md → Screens (the article list, review with a note, scheduling), taken from a
 * running app: seeds a desk through the API (an editor, two contributors, some fifty stories in Hindi and English), then
 * drives Chromium at 1440 × 900 and 390 × 844 and writes small JPEGs to web/docs/screenshots/.
 *
 *   DATA_DIR=/tmp/screens PORT=3956 npm start        # a fresh data folder: the list shows only these stories
 *   npx tsx tests/e2e/screens/readme-screens.ts      # BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD, CHROMIUM, OUT to change
 *
 * Not a spec (no `.spec.ts`), so neither `npm test` nor the e2e suite runs it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page, request } from 'playwright-core';
import { articleData, type Created, StaffApi } from '../api';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3956';
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
  password: process.env.ADMIN_PASSWORD ?? 'ChangeMe-Admin-2026',
};
const OUT = process.env.OUT ?? join(import.meta.dirname, '../../../web/docs/screenshots');
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Each run's people are new (e-mails are unique); their names read as a newsroom's. */
const RUN = Date.now().toString(36);

const editor = { email: `anita-${RUN}@example.com`, password: 'Screens-Editor-Password-1', name: 'Anita Rao' };
const writer = { email: `rohan-${RUN}@example.com`, password: 'Screens-Writer-Password-1', name: 'Rohan Verma' };
const stringer = { email: `priya-${RUN}@example.com`, password: 'Screens-Writer-Password-2', name: 'Priya Sharma' };

/** The stories each screen is about; the list's other rows come from HINDI and ENGLISH. */
const BUDGET = 'विधानसभा ने बजट सत्र के अंतिम दिन किसानों के लिए नई सिंचाई योजना को मंज़ूरी दी';
const HARBOUR =
  'City council approves a ₹1,200-crore plan to rebuild the old harbour district, with work to start before the monsoon';
const EMBANKMENTS = 'गंगा किनारे के गाँवों में बाढ़ से बचाव के लिए नए तटबंध बनेंगे';

const HINDI = [
  'मानसून से पहले मुंबई में नालों की सफ़ाई तेज़, नगर निगम ने दी 31 मई की समय सीमा',
  'दिल्ली में वायु गुणवत्ता फिर खराब श्रेणी में, स्कूलों के लिए नई सलाह जारी',
  'क्रिकेट: भारत ने दूसरा टेस्ट सात विकेट से जीता, श्रृंखला में 1-0 की बढ़त',
  'राज्य सरकार ने दस हज़ार शिक्षकों की भर्ती की घोषणा की',
  'रेलवे त्योहारों के लिए 200 विशेष ट्रेनें चलाएगा',
  'शेयर बाज़ार में लगातार तीसरे दिन तेज़ी, सेंसेक्स नई ऊँचाई पर',
  'जयपुर में पानी की किल्लत: टैंकरों के भरोसे तीस कॉलोनियाँ',
  'सरकारी अस्पतालों में अब ऑनलाइन मिलेगा डॉक्टर का समय',
  'लोकसभा चुनाव: पहले चरण में 64 प्रतिशत मतदान',
  'गेहूँ की ख़रीद का लक्ष्य पूरा, किसानों को भुगतान तीन दिन में',
  'पुणे में आईटी कंपनियों ने खोले नए दफ़्तर, पाँच हज़ार नौकरियाँ',
  'हिमाचल में भारी बर्फ़बारी, शिमला-मनाली मार्ग बंद',
  'बिजली की नई दरें अप्रैल से लागू, घरेलू उपभोक्ताओं को राहत',
  'कबड्डी लीग का फ़ाइनल आज, पटना और जयपुर आमने-सामने',
  'शहर की पहली इलेक्ट्रिक बस सेवा शुरू, किराया दस रुपये से',
  'विश्वविद्यालय परीक्षा के नतीजे घोषित, 82 प्रतिशत छात्र सफल',
  'नदी जोड़ो परियोजना पर दो राज्यों में सहमति',
  'टमाटर के दाम फिर चढ़े, मंडी में 80 रुपये किलो',
  'स्वास्थ्य विभाग ने डेंगू से बचाव के लिए घर-घर अभियान शुरू किया',
  'संसद के शीतकालीन सत्र में पेश होंगे बारह विधेयक',
];
const ENGLISH = [
  'Interview: the headteacher who turned a one-room village school into the best results in the district in five years',
  'Election 2026: what the three main parties promise on jobs, water and the cost of living, side by side',
  'Markets close higher as IT stocks rally on strong quarterly results; rupee steady against the dollar',
  'Heavy rain expected in coastal districts until Sunday',
  'Metro Line 3 opens to passengers after a six-year wait',
  'Explainer: how the new property tax is worked out, and who pays more from April',
  'Hospital strike ends after talks; outpatient clinics reopen on Monday',
  'Startups in tier-2 cities raised more than Bengaluru’s this quarter, figures show',
  'Opinion: our cities need shade, not just more flyovers',
  'Farmers’ co-operative wins national award for its cold-storage network',
  'Women’s hockey team reaches the Asian Games semi-final',
  'Court orders a fresh survey of the wetlands before any building starts',
  'Photo essay: a day on the last ferry across the backwaters',
  'Airport expansion: the second runway will open a year late, the ministry says',
  'Schools to teach first aid from Class 6, the board announces',
  'Review: a quiet, devastating debut novel about two sisters and a shuttered mill',
  'Power cuts in three districts as a transmission line fails in the storm',
  'How a small-town library became the busiest reading room in the state',
  'Bus fares to rise by ₹2 from next month; student passes unchanged',
  'Weekend guide: five food walks in the old city, with maps',
];
const NOTE =
  'Please name the source for the ₹1,200-crore figure and add the residents’ side: the story quotes only the council.';

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

/** The desk: people, categories, and the stories in every state the list shows. */
async function seed() {
  const context = await request.newContext({ baseURL: BASE_URL });
  const admin = await StaffApi.signIn(context, ADMIN);
  const categories: Created[] = [];
  for (const name of ['देश', 'राजनीति', 'City', 'Business', 'Sport']) {
    // Names are unique among siblings: a second run against the same data gets categories of its own.
    categories.push(await admin.category(name).catch(() => admin.category(`${name} ${RUN}`)));
  }
  const ids = categories.map((category) => category._id);
  // Role names are unique too: the same fallback.
  const named = <T>(make: (suffix: string) => Promise<T>) => make('').catch(() => make(` ${RUN}`));
  const role = await named((suffix) =>
    admin.role({
      name: `Desk editor${suffix}`,
      description: 'Edits, approves and publishes every article',
      modelPermissions: { Cms: ['Read', 'Write', 'Edit'], Category: ['Read'], User: ['Read'] },
    }),
  );
  const editorId = (await admin.user({ ...editor, roles: [role._id] }))._id;
  const contributor = await named((suffix) =>
    admin.role({
      name: `Contributor${suffix}`,
      description: 'Writes and submits for review',
      modelPermissions: { Cms: ['Read', 'Write', 'Edit:own'], Category: ['Read'] },
    }),
  );
  const writerId = (await admin.user({ ...writer, roles: [contributor._id] }))._id;
  const stringerId = (await admin.user({ ...stringer, roles: [contributor._id] }))._id;
  const authors = [editorId, writerId, stringerId];

  // Oldest first, so the newest (the Hindi budget story, the harbour story) head the list.
  const day = 24 * 60 * 60 * 1000;
  for (let i = 51; i >= 0; i--) {
    const headline = (i % 2 === 0 ? HINDI[(i / 2) % HINDI.length] : ENGLISH[((i - 1) / 2) % ENGLISH.length]) as string;
    const scheduled = i % 11 === 5;
    const data = articleData(headline, ids[i % ids.length] as string, authors[i % authors.length] as string, {
      action: i % 3 === 0 || scheduled ? 'publish' : 'save',
      publishDate: new Date(Date.now() + (scheduled ? 3 : -1) * day).toISOString(),
      text: 'The story so far.',
    });
    await admin.create('/api/cms/create', { ...data, type: i % 7 === 3 ? 'Blog' : 'Article' });
  }
  // Two stories the contributors sent for review: one the editor returns with a note at 1440, one at 390.
  const asWriter = await StaffApi.signIn(context, writer);
  const submitted: { id: string; title: string }[] = [];
  for (const title of [HARBOUR, EMBANKMENTS]) {
    const created = await asWriter.article<Created>(title, ids[2] as string, writerId, { action: 'publish' });
    submitted.push({ id: created._id, title });
  }
  // A draft of the editor's own with a date next week: Publish on it reads Schedule.
  const nextWeek = new Date(Date.now() + 7 * day);
  // 06:30 in India, where the screenshots' browser is.
  nextWeek.setUTCHours(1, 0, 0, 0);
  const toSchedule = await admin.article<Created>(BUDGET, ids[0] as string, editorId, {
    publishDate: nextWeek.toISOString(),
    text: 'सिंचाई योजना से राज्य के बारह ज़िलों के किसानों को लाभ होगा।',
  });
  await context.dispose();
  return { submitted, toSchedule: toSchedule._id };
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: /^Welcome back, / }).waitFor({ timeout: 30_000 });
}

async function shoot(page: Page, name: string) {
  // Popups and fonts settle first: a screenshot mid-animation shows half a dialog.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, name), type: 'jpeg', quality: 75 });
  log(`  ${name}`);
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport,
    deviceScaleFactor: 1,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    colorScheme: 'light',
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  return context.newPage();
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 500;

/** The list at 50 rows a page, compact (the switch sits in the folded Filters panel on a phone). */
async function listCompact(page: Page, name: string) {
  await page.goto('/article?limit=50');
  await page.getByText(/^\d+–\d+ of \d+ articles$/).waitFor();
  if (isPhone(page)) await page.getByRole('button', { name: /^Filters/ }).click();
  const compact = page.getByRole('switch', { name: 'Compact' });
  if (!(await compact.isChecked())) await compact.click();
  if (isPhone(page)) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    await compact.waitFor({ state: 'hidden' });
  }
  await shoot(page, name);
  // A table wider than its box cuts the Actions column off: worth a look at the picture.
  const overflow = await page.evaluate(() => {
    const box = document.querySelector('table')?.parentElement;
    return box ? box.scrollWidth - box.clientWidth : 0;
  });
  if (overflow > 0) log(`    the table is ${overflow} px wider than its box`);
}

/** An editor's Reject on a submitted story, with the note to its author written. */
async function rejectWithNote(page: Page, title: string, name: string, { confirm }: { confirm: boolean }) {
  await page.goto(`/article?status=${encodeURIComponent('Need Review')}`);
  await page.getByRole('button', { name: `Reject ${title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject article' });
  await dialog.getByRole('textbox', { name: /Note to the author/ }).fill(NOTE);
  await shoot(page, name);
  if (confirm) {
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Blog Rejected Successfully').waitFor();
  } else {
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  log(`Seeding ${BASE_URL} …`);
  const seeded = await seed();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    log('Screens:');
    const wide = await newPage(browser, WIDE);
    await signIn(wide, editor);
    await listCompact(wide, 'list-compact-1440.jpg');
    // Reject returns the first submitted story, for real: the contributor's screens below read its note.
    await rejectWithNote(wide, seeded.submitted[0]?.title ?? '', 'review-note-1440.jpg', { confirm: true });

    const phone = await newPage(browser, PHONE);
    await signIn(phone, editor);
    await listCompact(phone, 'list-compact-390.jpg');
    await phone.getByRole('combobox', { name: 'Articles by status' }).click();
    await phone.getByRole('option', { name: /^Published\b/ }).waitFor();
    await shoot(phone, 'list-tabs-390.jpg');
    await phone.keyboard.press('Escape');
    await rejectWithNote(phone, seeded.submitted[1]?.title ?? '', 'review-note-390.jpg', { confirm: false });

    // Publish on a draft dated next week reads Schedule, and asks with the date, the time and the zone.
    for (const page of [wide, phone]) {
      await page.goto(`/article/edit/${seeded.toSchedule}`);
      const schedule = page.getByRole('button', { name: 'Schedule', exact: true }).first();
      await schedule.click();
      await page.getByRole('dialog', { name: 'Schedule this article?' }).waitFor();
      await shoot(page, `schedule-confirm-${isPhone(page) ? 390 : 1440}.jpg`);
      await page
        .getByRole('dialog', { name: 'Schedule this article?' })
        .getByRole('button', { name: 'Cancel' })
        .click();
    }

    // The contributor: Returned to me on the dashboard, and the note above the story in its editor.
    const author = await newPage(browser, WIDE);
    await signIn(author, writer);
    await author.getByRole('list', { name: 'Articles returned to me' }).getByText(NOTE.slice(0, 30)).waitFor();
    await shoot(author, 'returned-to-me-1440.jpg');
    await author.goto(`/article/edit/${seeded.submitted[0]?.id}`);
    await author.getByTestId('returned-banner').waitFor();
    await shoot(author, 'returned-note-1440.jpg');
    const authorPhone = await newPage(browser, PHONE);
    await signIn(authorPhone, writer);
    await authorPhone.getByRole('list', { name: 'Articles returned to me' }).scrollIntoViewIfNeeded();
    await shoot(authorPhone, 'returned-to-me-390.jpg');
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
