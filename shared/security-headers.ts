/**
 * The response headers of every admin response, in one place: the local gateway sends them and the CDK stack
 * turns the same values into CloudFront response-headers policies for `/`, `/api/*` and `/media/*`.
 * infra/README.md, "Security headers", says why each source is there.
 */

export type CspDirectives = Record<string, readonly string[]>;

/** `a-src x y; b-src z` from directives (an empty list is a bare directive such as `sandbox`). */
export function cspText(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Embedded players the article preview shows for video links (`embedUrl` in the preview). */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/**
 * The admin app's policy. Scripts only from our own origin (no inline, no eval); styles also inline, because
 * Mantine writes its CSS variables into a <style> element and sets `style` attributes, and Editor.js injects its
 * stylesheet at run time; images from anywhere over https (articles may show linked images), data: (Editor.js's
 * local preview of a picked image) and blob: (Uppy's previews); media from our origin and blob:; connections to
 * our origin, blob: (the uploader reads the picked file's object URL) and, in AWS, the media bucket that presigned
 * uploads go to (`uploadOrigin`).
 */
export function adminCspDirectives(uploadOrigin?: string): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': uploadOrigin ? ["'self'", 'blob:', uploadOrigin] : ["'self'", 'blob:'],
    'frame-src': [...VIDEO_EMBED_ORIGINS],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/** The API answers JSON only: nothing in a response may load, run or be framed. */
export const API_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  sandbox: [],
};

/**
 * Uploaded files: a sandboxed document with no script, whatever a file turns out to be. Inline styles stay for
 * SVG drawings opened on their own.
 */
export const MEDIA_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'style-src': ["'unsafe-inline'"],
  'media-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  sandbox: [],
};

/** Two years, as the HSTS preload list asks. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Browser features the admin never uses, switched off for the page and anything it embeds. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()';

/** Headers every response of ours carries, whatever it is. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** The admin app's pages and static files. */
export const adminAppHeaders = (uploadOrigin?: string): Record<string, string> => ({
  ...COMMON_SECURITY_HEADERS,
  'content-security-policy': cspText(adminCspDirectives(uploadOrigin)),
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
});

/** The API's JSON answers. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'content-security-policy': cspText(API_CSP),
  'x-frame-options': 'DENY',
};

/** Uploaded files under /media. */
export const MEDIA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'content-security-policy': cspText(MEDIA_CSP),
};

/**
 * Whether a stored file is shown in the browser (`inline`) or only downloaded (`attachment`): raster images,
 * mp4 and PDF are shown; anything else (SVG, docx) is downloaded when opened directly. An <img> still draws an
 * SVG served as an attachment.
 */
export function mediaDisposition(contentType: string): 'inline' | 'attachment' {
  return /^(image\/(png|jpeg|webp|gif)|video\/mp4|application\/pdf)$/i.test(contentType) ? 'inline' : 'attachment';
}
