/** SEO as the API stores it and the forms hold it: CONTRACT.md §3 keeps the keywords in metaTags[0].content. */
export interface SeoValue {
  title: string;
  description: string;
  metaTags?: { property?: string; content: string }[];
}

/** A stored SEO (or none, for a new record) as a form starts with it: every field there, blank when unset. */
export function seoFormValue(seo: Partial<SeoValue> | null | undefined): Required<SeoValue> {
  return {
    title: seo?.title ?? '',
    description: seo?.description ?? '',
    metaTags: [{ property: 'keywords', content: seo?.metaTags?.[0]?.content ?? '' }],
  };
}
