/**
 * SVG's filter primitives, as the SVG 1.1 and Filter Effects specifications name them (mixed case), without
 * `feImage`, which fetches an image of its own: what an uploaded SVG may keep (functions/asset/svg.ts), and, with
 * `feImage`, the names HTML parsing gives back their case (html-nesting.ts).
 */
export const SVG_FILTER_PRIMITIVES = [
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
] as const;
