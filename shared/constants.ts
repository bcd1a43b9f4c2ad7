/** Business constants and limits of CONTRACT.md §9, in one place for the web app and the API. */

export const APP_NAME = 'Admin Portal';
/** The site title shown until the site record loads (CONTRACT.md §1). */
export const DEFAULT_SITE_TITLE = 'Blog';

export const PAGE_SIZE = 10;
/** Clients, ads and breaking news page by the same 10 as every list (CONTRACT.md §9), so lists stay alike. */
export const SHARED_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/**
 * The rows per page the article list offers (CONTRACT.md §2): 10 stays the default, the others let a desk see a
 * morning's stories at once. Each is a Query of that many rows (at most MAX_PAGE_SIZE).
 */
export const ARTICLE_PAGE_SIZES = [10, 25, 50, 100] as const;

export const STATUSES = ['Init', 'Enable', 'Disable'] as const;
export type Status = (typeof STATUSES)[number];

export const ARTICLE_TYPES = ['Article', 'Video', 'Gallery', 'Blog', 'Page'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export const ARTICLE_STATUSES = [
  'Draft',
  'Pending',
  'Approved',
  'Need Review',
  'Rejected',
  'Retract',
  'Scheduled',
  'Published',
] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const AD_POSITIONS = ['Top', 'Bottom', 'RightTop', 'RightBottom'] as const;
export const SCREEN_TYPES = ['Mobile', 'Desktop'] as const;
export const MENU_NAMES = [
  { value: 'menu-1', label: 'Top Menu' },
  { value: 'menu-2', label: 'Footer Menu' },
] as const;
export const SECTION_TEMPLATES = [
  { value: 'template-1', label: 'Cards' },
  { value: 'template-2', label: 'News Columns' },
  { value: 'template-3', label: 'Sports Columns' },
  { value: 'template-4', label: 'Box+List' },
  { value: 'template-5', label: 'Box+Text' },
  { value: 'template-6', label: 'Lists' },
] as const;

export const MAX_HEADLINES = 5;
/**
 * Categories one menu save may add or take out: each moves that category's uses item in the save's transaction
 * (functions/README.md → Trash), which DynamoDB caps at 100 writes.
 */
export const MAX_MENU_CATEGORY_CHANGES = 90;
/**
 * An ad's categories, and how many of them one save may add or take out: each category an ad joins or leaves
 * moves two items in the save's transaction (the category's uses count and the ad's name reference; functions/
 * README.md → Trash), beside the ad, its client's and author's references, which DynamoDB caps at 100 writes.
 */
export const MAX_AD_CATEGORIES = 40;
export const MAX_AD_CATEGORY_CHANGES = 40;
export const MAX_TOP_STORIES = 7;
/**
 * A reject's note to the author (CONTRACT.md §4): long enough for a few concrete asks, short enough to stay a note
 * (it is copied into the history entry, the article's row, the author's dashboard item and the audit entry).
 */
export const REVIEW_NOTE_MAX = 1000;
export const MAX_KEYWORDS_LENGTH = 500;

/**
 * How long an article's texts may be, in characters once trimmed (zod's maxLength, which the API checks). The
 * editors count against these as the writer types, so a limit is never first met as a refused save.
 */
export const ARTICLE_TEXT_LIMITS = {
  title: 300,
  description: 2000,
  imageAlt: 300,
  imageTitle: 300,
  /** A section's sub-headline (a page block's header). */
  sectionTitle: 300,
  seoTitle: 200,
  seoDescription: 500,
  keywords: MAX_KEYWORDS_LENGTH,
  /** Canonical, video and gallery links. */
  link: 1000,
  /** A video's or a gallery image's caption. */
  caption: 1000,
} as const;

const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  image: 3 * MB,
  pdf: 30 * MB,
  video: 1024 * MB,
} as const;
/**
 * What a raster image may be (functions/README.md, "Renditions"): its pixels are counted from its header before
 * anything is decoded, so a decompression bomb (a 50,000 × 50,000 PNG of a few hundred KB) is refused at upload
 * and never reaches a decoder. 60 megapixels holds a 9,504 × 6,336 full-frame camera's picture.
 */
export const IMAGE_LIMITS = {
  maxPixels: 60_000_000,
  /** WebP's own limit is 16,383 pixels a side. */
  maxSide: 16_383,
  /**
   * A picture is read whole to be cleaned of its metadata: above this it is refused with a clear reason (the
   * gallery's 1 GB file limit is for videos' sake; no photo within maxPixels comes near it).
   */
  maxBytes: 200 * MB,
} as const;

/** The media library (GET /asset): page sizes, a text search's read budget and the lengths of what it edits. */
export const MEDIA_LIBRARY = {
  pageSize: 40,
  maxPageSize: 100,
  maxQueryLength: 100,
  /** A text search reads at most this many files a page, then answers with what it found and where to go on. */
  searchReadBudget: 2000,
  maxAltLength: 250,
  maxCaptionLength: 1000,
  maxCreditLength: 200,
  /** A removed file waits this long before its bytes go: saves that saw it before the removal land in its uses. */
  removalGraceSeconds: 120,
} as const;

/** Above this size uploads go multipart (functions/README.md, "Uploads"). */
export const MULTIPART_THRESHOLD = 100 * MB;
/** S3 allows 5 MiB to 5 GiB per part and at most 10,000 parts. */
export const MIN_PART_SIZE = 16 * MB;
export const MAX_PARTS = 10_000;
/** Presigned upload URLs are short-lived: a leaked one is useless after five minutes. */
export const PRESIGNED_URL_TTL_SECONDS = 5 * 60;
/** A pending upload (and its record) is swept after a day if it was never completed. */
export const PENDING_UPLOAD_TTL_SECONDS = 24 * 60 * 60;
/** A checked file that no record has referenced a day after its check is deleted by the media sweeper. */
export const UNCLAIMED_MEDIA_TTL_SECONDS = 24 * 60 * 60;

/** The file types uploads may have, as their MIME type, with the extension the stored key gets. */
export const FILE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const;
export type FileType = keyof typeof FILE_TYPES;

const IMAGES: FileType[] = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const PHOTOS: FileType[] = ['image/png', 'image/jpeg'];

/** What each upload purpose accepts (CONTRACT.md §5 and §9). Every form uploads through one of these. */
export const UPLOAD_PURPOSES = {
  'cover-image': { types: IMAGES, maxBytes: UPLOAD_LIMITS.image },
  /** Video and gallery covers: png or jpeg only (CONTRACT.md §5). */
  'media-cover': { types: PHOTOS, maxBytes: UPLOAD_LIMITS.image },
  'category-image': { types: PHOTOS, maxBytes: UPLOAD_LIMITS.image },
  'ad-image': { types: PHOTOS, maxBytes: UPLOAD_LIMITS.image },
  'site-logo': { types: IMAGES, maxBytes: UPLOAD_LIMITS.image },
  'site-favicon': { types: IMAGES, maxBytes: UPLOAD_LIMITS.image },
  'editor-image': { types: ['image/png', 'image/jpeg', 'image/webp'] as FileType[], maxBytes: UPLOAD_LIMITS.image },
  'gallery-image': { types: PHOTOS, maxBytes: UPLOAD_LIMITS.video },
  video: { types: ['video/mp4'] as FileType[], maxBytes: UPLOAD_LIMITS.video },
  'epaper-pdf': { types: ['application/pdf'] as FileType[], maxBytes: UPLOAD_LIMITS.pdf },
  'import-document': {
    types: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] as FileType[],
    maxBytes: UPLOAD_LIMITS.pdf,
  },
} as const satisfies Record<string, { types: FileType[]; maxBytes: number }>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_NAMES = Object.keys(UPLOAD_PURPOSES) as UploadPurpose[];

/** Bulk user upload (POST /user/bulkUpload/): limits the API enforces and the file picker mirrors. */
export const BULK_UPLOAD = {
  maxBytes: 5 * MB,
  /** Each user costs one bcrypt hash (~0.3 s): 25 rows stay well inside the API's 29 s. */
  maxRows: 25,
  /** An xlsx or docx is a zip: what it may inflate to (zip bombs are refused). */
  maxUnzippedBytes: 50 * MB,
  /** The picker's list; `.xlxs` is CONTRACT.md §2's spelling of `.xlsx`. */
  accept: '.csv,.xlsx,.docx,.xlxs',
  /** The multipart form field that carries the file. */
  field: 'file',
} as const;

/** A stale write's message (409): the web app offers to reload when it sees it. */
export const STALE_VERSION_MESSAGE =
  'This record was changed by someone else since you opened it; reload it and apply your change again';

/** Uploaded file names are shown shortened to this many characters plus the extension. */
export const SHORT_FILE_NAME_LENGTH = 8;

/** Sign-in and session rules (functions/README.md, "Security model"). */
export const AUTH = {
  /** Access tokens are short; the web app renews them through POST /auth/refresh while the tab is in use. */
  tokenTtlSeconds: 15 * 60,
  /** A session nobody used for this long ends (SESSION_IDLE_SECONDS in the environment overrides it). */
  sessionIdleSeconds: 8 * 60 * 60,
  /** However active, a session ends after this long and its user signs in again. */
  sessionMaxSeconds: 30 * 24 * 60 * 60,
  /**
   * Each refresh replaces the refresh cookie; the one it replaced still answers, with the same new cookie, for this
   * long (a second tab that sent it at the same moment, an answer lost on the way). Used later, it ends the session.
   */
  refreshReuseGraceSeconds: 30,
  issuer: 'admin-portal',
  audience: 'admin-portal-staff',
  bcryptCost: 12,
  /** bcrypt reads only 72 bytes; longer passwords are refused rather than silently truncated. */
  maxPasswordBytes: 72,
  minPasswordLength: 8,
  /** Failures a key may have before each further attempt waits; the wait doubles from 1 s up to maxDelaySeconds. */
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
  /** A key with no failure for this long starts again from zero. */
  failureWindowSeconds: 60 * 60,
  /** Distinct emails one IP may fail on within the window before new emails from it wait. */
  maxFailedEmailsPerIp: 30,
  /** Failures on one email from all IPs together before every attempt without a device cookie waits. */
  freeFailuresPerEmail: 20,
  /** The second step of sign-in (code or recovery code) must follow the password within this time. */
  twoFactorChallengeSeconds: 5 * 60,
  /**
   * Codes one sign-in challenge may try before each further one waits (1 s, 2 s, 4 s … as for passwords). It slows
   * only that challenge's holder; the daily budgets below are what bound guessing (functions/README.md, "Throttling").
   */
  freeCodesPerChallenge: 3,
  /**
   * Wrong authenticator codes a user may get per window from browsers without their device cookie, all together.
   * Someone holding the password can test at most 10 codes a day: at most 32 windows touch any 31 days, so 320
   * guesses a month, each right with probability 3/10^6 (±1 step: three valid codes of 10^6), under 0.1% a month.
   */
  codeFailuresPerWindow: 10,
  /** The same allowance for each browser whose device cookie was issued under the second factor in force. */
  codeFailuresPerWindowPerDevice: 10,
  /** The window of the code budgets: fixed, from its first wrong code. */
  codeWindowSeconds: 24 * 60 * 60,
  /** Refused (429) attempts are audited as one entry per counter per this window, with their count. */
  throttleAuditWindowSeconds: 60 * 60,
  recoveryCodeCount: 10,
  /** A signed device cookie marks a browser this user signed in from; see functions/README.md, "Throttling". */
  deviceCookieDays: 365,
} as const;

/** The 403 of every route but enrolment and sign-out while a role requires two-factor sign-in not yet set up. */
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Two-factor sign-in is required for your role; set it up to continue';

/** TOTP (RFC 6238) as authenticator apps expect it. */
export const TOTP = { issuer: 'Admin Portal', digits: 6, periodSeconds: 30, window: 1, algorithm: 'SHA1' } as const;

/** Audit entries are kept this long (DynamoDB TTL), then deleted. */
export const AUDIT_RETENTION_DAYS = 400;
/** Audit entries per page (GET /audit without a limit; the Audit screen's Load more). */
export const AUDIT_PAGE_SIZE = 50;

/** Request bodies above this are refused with 413 before parsing (API Gateway's own cap is 10 MB). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Rich text (CONTRACT.md §5, §9). Each inline HTML string of an article's blocks (a paragraph, a heading, a list
 * item, a quote or its caption, an image caption) is at most this many characters, refused (400) before any of it
 * is parsed. A long paragraph is 1,000–3,000 characters, and a densely linked one about twice that; a PDF page
 * the import joins into one paragraph, or a table row it joins into one line, stays under 10,000. So 20,000 is
 * generous for any text, and a whole article still fits the content limit (MAX_CONTENT_BYTES).
 */
export const MAX_INLINE_HTML_LENGTH = 20_000;
/**
 * Tags nested deeper than this in inline HTML are dropped before cleaning, their text kept. Formatting a reader
 * can see nests a few levels (a link in bold italics is three); a pasted text may wrap a tag in itself a few
 * times more. The cleaner's parser costs, per tag, as many steps as there are tags open: with this bound its
 * time is linear in the text (functions/README.md, "Rich text").
 */
export const MAX_INLINE_HTML_DEPTH = 100;

export const LOGIN_FAILED_MESSAGE = 'Unable to login at the moment, Please try again';
export const LOADING_TEXT = 'Loading';

/**
 * Title search (functions/search/): words shorter than this are not indexed or searched; every word's edge
 * prefixes from this length up to SEARCH_PREFIX_MAX are indexed, so type-ahead matches from two characters.
 */
export const SEARCH_MIN_TERM = 2;
export const SEARCH_PREFIX_MAX = 6;
/**
 * Which terms an indexed row's title is under (functions/search/terms.ts): version 3 counts each longer prefix of a
 * long word on a counter of its own and keeps a small key-only posting per long word; version 2 summed small credit
 * items for those totals (a search read as many as there were distinct long words under the prefix); version 1 kept
 * at most SEARCH_V1_MAX_TERMS terms and SEARCH_V1_MAX_LONG_COUNTERS long counters a title, so a long headline's
 * later words lost their short prefixes. Rows of an older version are re-indexed by `npm run migrate:search-index`
 * and by their next save (functions/README.md, "Title search").
 */
export const SEARCH_INDEX_VERSION = 3;
export const SEARCH_V1_MAX_TERMS = 42;
/**
 * Words longer than SEARCH_PREFIX_MAX are found under their first SEARCH_PREFIX_MAX characters; every longer prefix
 * up to this length has an exact counter, and a word is told apart from its neighbours by its first this many
 * characters in the long postings (functions/search/terms.ts, `longWordKeys`).
 */
export const SEARCH_LONG_PREFIX_MAX = 24;
export const SEARCH_V1_MAX_LONG_COUNTERS = 8;

/**
 * Editing that never loses work (functions/article/editing/). An edit lock lasts EDIT_LOCK_SECONDS unless the open
 * editor refreshes it (every EDIT_LOCK_REFRESH_SECONDS), so a dead browser's lock lapses on its own within a
 * minute. The editor autosaves after AUTOSAVE_IDLE_MS without typing. An article keeps its last
 * REVISIONS_KEPT revisions and every one that went live; older ones expire (TTL).
 */
export const EDIT_LOCK_SECONDS = 60;
export const EDIT_LOCK_REFRESH_SECONDS = 20;
export const AUTOSAVE_IDLE_MS = 3000;
/**
 * Autosaves one user may send in each clock minute (POST /cms/{id}/autosave; 429 past it, and the editor keeps the
 * text and sends it again after the wait). An editor sends one after each AUTOSAVE_IDLE_MS pause in typing, so
 * a tab typed in without a break sends at most 20 a minute; 60 leaves room for three such tabs, and for the sends
 * when a tab is hidden or left. Each autosave may carry a whole article to clean, so this bounds that work too.
 */
export const AUTOSAVE_RATE = { max: 60, windowSeconds: 60 } as const;
export const REVISIONS_KEPT = 50;
/** Removed records stay in their resource's trash this long, then are deleted for good. */
export const TRASH_DAYS = 30;

/**
 * Content API keys (functions/content-key/): what a reader-facing site sends to the delivery API. A key is
 * `<prefix>_<id>_<secret>`, shown once when made; the table keeps only its SHA-256. A name says whose it is.
 */
export const CONTENT_KEY = {
  prefix: 'apk',
  nameMax: 80,
  /** Random bytes of the secret part (base64url: 43 characters). */
  secretBytes: 32,
  /** A key's last use is written at most this often (one conditional write a key and interval, not one a request). */
  lastUseEverySeconds: 60,
  /**
   * Requests one key may make to the delivery API in any 5 minutes (WAF's rate-based rule in AWS, the local gateway
   * on a laptop); past it, 429 until its rate falls back under. A key is a site's, and WAF counts cache hits: the
   * ceiling is a whole site's traffic, 2,000 a second, 4.5 times a breaking-news spike of 100,000 readers in a
   * minute (infra/README.md, "Capacity plan"). What bounds a leaked key's abuse is its revocation.
   */
  ratePerFiveMinutes: 600_000,
} as const;

/**
 * How long the delivery API's answers may be kept (CONTRACT.md §7 Delivery). Readers' browsers keep an answer a
 * minute; the CDN (and the local gateway) an hour, since every change purges the paths it touched within seconds;
 * past those, a stale copy is served while a fresh one is fetched, or for a day while the origin fails.
 */
export const DELIVERY_CACHE = {
  maxAgeSeconds: 60,
  sharedMaxAgeSeconds: 3600,
  staleWhileRevalidateSeconds: 60,
  staleIfErrorSeconds: 86_400,
  /** A 404 is kept shorter: a record published meanwhile purges its paths anyway. */
  notFoundSharedMaxAgeSeconds: 60,
  /** A key the delivery Lambda has checked is taken again without a read for this long (the edge checks every request). */
  keyCheckSeconds: 30,
} as const;

/**
 * Ads served through the delivery API (CONTRACT.md §7 Ads; functions/ad-serving/, functions/advertisement/
 * counters.ts). An ad's impressions and clicks are counted on `counterShards` items, its cap split among them,
 * so a hot ad's writes spread over that many items and the count can never pass the cap.
 */
export const AD_SERVING = {
  /** Counter items an ad: each takes about 1,000 writes a second, a counted impression costs two of them. */
  counterShards: 8,
  /** How long after the decision its impression may be reported. */
  impressionTokenSeconds: 5 * 60,
  /** How long after the decision a click on the ad is counted (a reader may read a long page first). */
  clickTokenSeconds: 24 * 60 * 60,
  /** The same reader's impressions of one ad within this time count once. */
  repeatViewSeconds: 60,
  /** The same reader's clicks on one ad within this time count once. */
  repeatClickSeconds: 24 * 60 * 60,
  /**
   * How long a decision Lambda keeps its list of ads without reading it again; a change of an ad shows sooner,
   * by the change mark it reads with its candidates' counters (functions/published/ads.ts).
   */
  runningListSeconds: 60,
  /** Ads whose counters one decision reads at once (one consistent BatchGet of their shards). */
  candidatesChecked: 2,
  /**
   * Pacing's allowance: an ad may be this far ahead of an even pace (a share of its cap, and at least one
   * impression) and still be chosen.
   */
  paceSlackShare: 0.01,
  /** Daily roll-ups are kept this long (TTL). */
  rollupDays: 400,
  /** The longest report range. */
  reportDaysMax: 400,
  /** A token's longest form. */
  tokenMax: 300,
} as const;

/**
 * Preview links (CONTRACT.md §7 Preview links): the editor's Preview opens the site's own preview page with a signed
 * token for one article, which the delivery API's preview route takes. Short-lived because the link leaves the
 * admin (a browser's history, a chat): whoever holds it may read that article's unpublished text until it expires.
 */
export const PREVIEW_LINK = {
  ttlSeconds: 15 * 60,
  /** The site setting's longest template. */
  urlMax: 500,
  /** A token's longest form (a ULID, an expiry and a nonce in JSON, base64url, and a 43-character MAC). */
  tokenMax: 200,
} as const;

/**
 * Webhooks of the delivery API (CONTRACT.md §7 Webhooks; functions/webhook/, functions/webhook-delivery/): an
 * https address told of content events, each delivery signed with the hook's secret (`whsec_…`, shown once).
 */
export const WEBHOOK = {
  nameMax: 80,
  urlMax: 2000,
  /** Few hooks by design: the content-changes consumer reads them all for every batch of events. */
  maxHooks: 50,
  secretPrefix: 'whsec',
  /** Random bytes of the secret (base64url: 43 characters). */
  secretBytes: 32,
  /** One attempt's limit, from the DNS lookup to the answer's status line. */
  timeoutMs: 5000,
  /** Consecutive failed attempts after which a hook is switched off. */
  disableAfterFailures: 20,
  /** How long the delivery log keeps an attempt (TTL). */
  logDays: 30,
  /** Attempts the deliveries list shows, newest first. */
  deliveriesShown: 50,
  /** How old a delivery's timestamp a receiver should still take (the README's check). */
  toleranceSeconds: 300,
} as const;

/** The headers of a webhook delivery. */
export const WEBHOOK_HEADERS = {
  /** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>" under the hook's secret>`. */
  signature: 'x-webhook-signature',
  /** Unix seconds when this attempt was signed. */
  timestamp: 'x-webhook-timestamp',
  /** The event's id: the same on every retry and redelivery, so a receiver can drop repeats. */
  id: 'x-webhook-id',
  event: 'x-webhook-event',
  attempt: 'x-webhook-attempt',
} as const;
