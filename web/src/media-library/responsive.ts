import { canAccess } from '../../../shared/permissions';
import { type Preset, presetNamed, type RenditionRef, renditionPath, srcSetOf } from '../../../shared/renditions';
import { useSession } from '../session/session-context';
import { useAsset } from './api';

/** What a record says of a file it shows (MediaRef): its address, and for a picture its renditions when given. */
export interface ShownFile {
  _id?: string;
  url: string;
  renditions?: readonly RenditionRef[];
  alt?: string;
}

/**
 * The `src`, `srcSet` and alt text to draw a stored picture with: the renditions the record carries, else (for an
 * older record) the file's own, read when this user may read the library; the plain address until then.
 */
export function useResponsiveImage(file: ShownFile | null | undefined) {
  const { user } = useSession();
  const carried = file?.renditions;
  const needRead = file?._id !== undefined && !carried?.length && canAccess(user, 'Asset', ['Read']);
  const { data: asset } = useAsset(needRead && file?._id ? file._id : null);
  const renditions = carried?.length ? carried : (asset?.renditions ?? []);
  const srcSet = srcSetOf(renditions);
  return { src: file?.url ?? '', srcSet: srcSet || undefined, alt: file?.alt ?? asset?.alt };
}

/** The widths offered for a picture in the text, whose size the block does not record (each is at most the picture's). */
const BODY_WIDTHS = [320, 640, 1024, 1600] as const;
const UPLOADED_RASTER = '\\/media\\/((?!r\\/)[^"?#]+\\.(?:jpe?g|png|webp))';
const BODY_IMAGE = new RegExp(`<img src="${UPLOADED_RASTER}"`, 'gi');
const BODY_ADDRESS = new RegExp(`^${UPLOADED_RASTER}$`, 'i');

/**
 * The srcset of an uploaded raster picture in the text (`/media/<key>` → `/media/r/w<width>/<key>`). A block keeps
 * only the address, so every width is offered: the render answers a width past the picture's own with the
 * picture's size, never wider.
 */
const bodySrcsetOf = (key: string) =>
  BODY_WIDTHS.map((w) => `${renditionPath(presetNamed(`w${w}`) as Preset, key)} ${w}w`).join(', ');

/** Rendered rich text with a srcset on each uploaded raster picture. */
export function withBodySrcsets(html: string, sizes: string): string {
  return html.replace(BODY_IMAGE, (whole, key: string) => `${whole} srcset="${bodySrcsetOf(key)}" sizes="${sizes}"`);
}

/** The srcset of a picture in the text by its address (this site's, relative or whole); undefined for any other. */
export function bodyImageSrcset(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address, window.location.origin);
  } catch {
    return undefined;
  }
  const key = url.origin === window.location.origin ? BODY_ADDRESS.exec(url.pathname)?.[1] : undefined;
  return key ? bodySrcsetOf(key) : undefined;
}
