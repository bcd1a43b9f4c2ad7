/**
 * Uploaded SVG images, parsed as namespaced XML and rewritten from an allow-list of static drawing elements and
 * presentation attributes: whatever can run code, load other files or animate attributes never reaches the output.
 */
import { type SaxesAttributeNS, SaxesParser, type SaxesTagNS } from 'saxes';
import { SVG_FILTER_PRIMITIVES } from '../../shared/svg-filters';

export type SvgCheck = { ok: true; svg: string } | { ok: false; problem: string };

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const NOT_WELL_FORMED = 'The file is not a well-formed SVG image';
const HAS_DOCTYPE = 'SVG files with a DOCTYPE or entities are not allowed';
const NOT_SVG = 'The file is not an SVG image';
const TOO_DEEP = 'The SVG image is nested too deeply';

// saxes resolves each namespace prefix by walking up the open elements, so parsing time grows with nesting depth
// times element count; real drawings nest a few dozen levels at most.
const MAX_DEPTH = 128;

/**
 * SVG-namespace elements that are kept (by local name, case-sensitive as XML is). Left out on purpose: script,
 * foreignObject, set, animate*, mpath, image and feImage (they load other files), cursor, font, view, metadata.
 */
export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'switch',
  'a',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  ...SVG_FILTER_PRIMITIVES,
]);

/** Attributes without a namespace that are kept on any kept element; `href` and `style` are checked further. */
export const SVG_ATTRIBUTES: ReadonlySet<string> = new Set(
  [
    // core
    'id class style lang href version baseProfile',
    // geometry
    'x y x1 y1 x2 y2 cx cy r rx ry fx fy fr dx dy width height d points pathLength viewBox preserveAspectRatio',
    'transform transform-origin',
    // presentation
    'fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin',
    'stroke-miterlimit stroke-dasharray stroke-dashoffset opacity color display visibility overflow',
    'clip-path clip-rule mask filter marker-start marker-mid marker-end stop-color stop-opacity',
    'flood-color flood-opacity lighting-color color-interpolation color-interpolation-filters',
    'shape-rendering text-rendering image-rendering vector-effect paint-order mix-blend-mode isolation',
    // text
    'font-family font-size font-weight font-style font-variant font-stretch text-anchor text-decoration',
    'dominant-baseline alignment-baseline baseline-shift letter-spacing word-spacing writing-mode direction',
    'unicode-bidi rotate textLength lengthAdjust startOffset method spacing side',
    // paint servers, clipping, masking, markers
    'offset gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform',
    'clipPathUnits maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient',
    // filter primitives
    'filterUnits primitiveUnits in in2 result stdDeviation mode type values operator k1 k2 k3 k4 order',
    'kernelMatrix divisor bias targetX targetY edgeMode kernelUnitLength preserveAlpha surfaceScale',
    'diffuseConstant specularConstant specularExponent scale xChannelSelector yChannelSelector radius',
    'baseFrequency numOctaves seed stitchTiles tableValues slope intercept amplitude exponent azimuth elevation',
    'z pointsAtX pointsAtY pointsAtZ limitingConeAngle',
  ]
    .join(' ')
    .split(' '),
);

const XML_ATTRIBUTES: ReadonlySet<string> = new Set(['space', 'lang']);

/** CSS functions (and selector pseudo-classes) that neither load anything nor run anything. */
const CSS_FUNCTIONS: ReadonlySet<string> = new Set(
  [
    'url rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix calc min max clamp var',
    'matrix matrix3d translate translatex translatey translatez translate3d rotate rotatex rotatey rotatez rotate3d',
    'scale scalex scaley scalez scale3d skew skewx skewy perspective cubic-bezier steps linear',
    'blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia',
    'not is where has nth-child nth-last-child nth-of-type nth-last-of-type lang dir',
  ]
    .join(' ')
    .split(' '),
);

const FRAGMENT = /^#[\w.:\-\u00b7\u00c0-\uffff]+$/;
// Any run of name characters (non-ASCII included, so `éurl(` is read whole) before an opening parenthesis.
const CSS_FUNCTION_CALL = /([-\w\u0080-\uffff]*)\(/g;
const FRAGMENT_URL_ARGUMENT = /\s*(['"]?)#[\w.:\-\u00b7\u00c0-\uffff]+\1\s*\)/y;

class Refusal {
  constructor(readonly problem: string) {}
}

/** Cleans an uploaded SVG, or says why it is refused (not XML, a DOCTYPE, not an SVG root element). */
export function sanitizeSvg(text: string): SvgCheck {
  try {
    return { ok: true, svg: rewrite(text) };
  } catch (error) {
    return { ok: false, problem: error instanceof Refusal ? error.problem : NOT_WELL_FORMED };
  }
}

type OpenElement = { name: string; empty: boolean };
type StyleElement = { start: string; css: string };

function rewrite(text: string): string {
  // No error handler: saxes then throws on the first well-formedness error (undefined entities included).
  const parser = new SaxesParser({ xmlns: true });
  const out: string[] = [];
  const open: OpenElement[] = [];
  let skipped = 0; // depth inside a dropped subtree; every element in it is dropped too
  let style: StyleElement | undefined;
  let depth = 0;
  let sawRoot = false;
  let usesXlink = false;

  const startContent = () => {
    const parent = open.at(-1);
    if (parent?.empty) {
      out.push('>');
      parent.empty = false;
    }
  };
  const writeText = (value: string) => {
    if (skipped > 0 || open.length === 0) return;
    if (style) style.css += value;
    else if (value !== '') {
      startContent();
      out.push(escapeXml(value));
    }
  };

  parser.on('doctype', () => {
    throw new Refusal(HAS_DOCTYPE);
  });
  parser.on('opentagstart', () => {
    depth++;
    if (depth > MAX_DEPTH) throw new Refusal(TOO_DEEP);
  });
  parser.on('opentag', (tag) => {
    if (!sawRoot) {
      sawRoot = true;
      if (tag.uri !== SVG_NS || tag.local !== 'svg') throw new Refusal(NOT_SVG);
    }
    if (skipped > 0 || style || tag.uri !== SVG_NS || !SVG_ELEMENTS.has(tag.local)) {
      skipped++;
      return;
    }
    const attributes = keptAttributes(tag);
    if (attributes.some((a) => a.startsWith(' xlink:'))) usesXlink = true;
    const start = `<${tag.local}${attributes.join('')}`;
    if (tag.local === 'style') {
      style = { start, css: '' };
      return;
    }
    startContent();
    out.push(start);
    open.push({ name: tag.local, empty: true });
  });
  parser.on('closetag', () => {
    depth--;
    if (skipped > 0) {
      skipped--;
      return;
    }
    if (style) {
      if (cssIsSafe(style.css)) {
        startContent();
        out.push(`${style.start}>${escapeXml(style.css)}</style>`);
      }
      style = undefined;
      return;
    }
    const element = open.pop();
    if (element) out.push(element.empty ? '/>' : `</${element.name}>`);
  });
  parser.on('text', writeText);
  // CDATA becomes ordinary (escaped) text: CSS inside <style>, character data anywhere else.
  parser.on('cdata', writeText);

  parser.write(text).close();

  // The root start tag is written last-minute: only now is it known whether an xlink:href survived.
  const namespaces = `<svg xmlns="${SVG_NS}"${usesXlink ? ` xmlns:xlink="${XLINK_NS}"` : ''}`;
  out[0] = out[0]?.replace(/^<svg/, namespaces) ?? '';
  return out.join('');
}

/** The attributes of a kept element, each already serialized as ` name="value"`. */
function keptAttributes(tag: SaxesTagNS): string[] {
  const kept: string[] = [];
  for (const attribute of Object.values(tag.attributes)) {
    const name = keptAttributeName(attribute);
    if (name === undefined) continue;
    const value = name === 'href' || name === 'xlink:href' ? attribute.value.trim() : attribute.value;
    if (attributeValueIsSafe(name, value)) kept.push(` ${name}="${escapeXml(value)}"`);
  }
  return kept;
}

/** The name an attribute is written under, or undefined when it is dropped. */
function keptAttributeName({ uri, local }: SaxesAttributeNS): string | undefined {
  if (local.toLowerCase().startsWith('on')) return undefined;
  if (uri === '' && SVG_ATTRIBUTES.has(local)) return local;
  if (uri === XLINK_NS && local === 'href') return 'xlink:href';
  if (uri === XML_NS && XML_ATTRIBUTES.has(local)) return `xml:${local}`;
  return undefined;
}

function attributeValueIsSafe(name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') return FRAGMENT.test(value);
  if (name === 'style') return cssIsSafe(value);
  return cssValueIsSafe(value);
}

/** Style sheets and style attributes: no at-rules (@import, @font-face) on top of the value rules. */
function cssIsSafe(css: string): boolean {
  return !css.includes('@') && cssValueIsSafe(css);
}

/**
 * Presentation attributes are CSS values too: no escapes (they hide names), no unknown function (image-set(),
 * src(), expression()...), and url() only towards an element of this document.
 */
function cssValueIsSafe(value: string): boolean {
  const lower = value.toLowerCase();
  if (lower.includes('\\') || lower.includes('expression(') || lower.includes('javascript:')) return false;
  for (const call of lower.matchAll(CSS_FUNCTION_CALL)) {
    const name = call[1] ?? '';
    if (name !== '' && !CSS_FUNCTIONS.has(name)) return false;
    if (name === 'url') {
      FRAGMENT_URL_ARGUMENT.lastIndex = call.index + call[0].length;
      if (!FRAGMENT_URL_ARGUMENT.test(lower)) return false;
    }
  }
  return true;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
