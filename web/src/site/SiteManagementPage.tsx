import { Divider, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { MAX_KEYWORDS_LENGTH, PREVIEW_LINK } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import { siteSchema } from '../../../shared/schemas/site';
import * as z from '../../../shared/schemas/z';
import { DEFAULT_SLUG_STYLE, type SlugStyle } from '../../../shared/slug';
import type { ScreenProps } from '../app/screen';
import { FormActions } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { inputBinder } from '../common/form/input-binder';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { LoadFailed } from '../common/LoadFailed';
import { ContentLoader } from '../common/LoadingScreen';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import classes from '../common/ReadOnly.module.css';
import { ReadOnlyNotice } from '../common/ReadOnlyNotice';
import { useSession } from '../session/session-context';
import { afterSiteSaved, createSite, type SiteRecord, updateSite, useSite } from './api';
import { ContentKeysCard } from './content-keys/ContentKeysCard';
import { SiteAssetField } from './SiteAssetField';
import { WebhooksCard } from './webhooks/WebhooksCard';

/** The uploaded file as the form holds it: enough to preview it; the body sends only its `_id`. */
const assetRef = z.nullable(z.object({ _id: z.string(), url: z.string(), name: z.optional(z.string()) }));

/** The site schema, with logo and favicon held as uploaded files instead of bare ids. */
const siteFormSchema = z.extend(z.omit(siteSchema, { siteLogo: true, siteFavicon: true }), {
  siteLogo: assetRef,
  siteFavicon: assetRef,
});
type SiteForm = z.input<typeof siteFormSchema>;

const toForm = (site: SiteRecord | null): SiteForm => ({
  siteName: site?.siteName ?? '',
  siteLogo: site?.siteLogo ?? null,
  siteFavicon: site?.siteFavicon ?? null,
  googleAnalytics: site?.googleAnalytics ?? '',
  facebookAnalytics: site?.facebookAnalytics ?? '',
  footerCopyright: site?.footerCopyright ?? '',
  facebookProfile: site?.facebookProfile ?? '',
  twitterProfile: site?.twitterProfile ?? '',
  instagramProfile: site?.instagramProfile ?? '',
  linkedInProfile: site?.linkedInProfile ?? '',
  seo: {
    title: site?.seo?.title ?? '',
    description: site?.seo?.description ?? '',
    metaTags: [{ property: 'keywords', content: site?.seo?.metaTags?.[0]?.content ?? '' }],
  },
  slugStyle: site?.slugStyle ?? DEFAULT_SLUG_STYLE,
  previewUrl: site?.previewUrl ?? '',
});

/** The two slug styles, each with an example of what a Hindi title becomes. */
const SLUG_STYLE_CHOICES: { value: SlugStyle; label: string; description: string }[] = [
  {
    value: 'native',
    label: 'In the title’s own script',
    description: '“राजनीति में नया मोड़” → /राजनीति-में-नया-मोड़ (sent percent-encoded, as Hindi news sites publish)',
  },
  {
    value: 'latin',
    label: 'In Latin letters',
    description: '“राजनीति में नया मोड़” → /rajniti-men-naya-mor (Devanagari, Bengali, Gurmukhi, Gujarati, Tamil, Urdu)',
  },
];

const SOCIAL_PROFILES = [
  { field: 'facebookProfile', label: 'Facebook profile', placeholder: 'https://facebook.com/…' },
  { field: 'twitterProfile', label: 'Twitter profile', placeholder: 'https://x.com/…' },
  { field: 'instagramProfile', label: 'Instagram profile', placeholder: 'https://instagram.com/…' },
  { field: 'linkedInProfile', label: 'LinkedIn profile', placeholder: 'https://linkedin.com/company/…' },
] as const;

/** The uploaded files of the site; saving waits while either uploads. */
const SITE_ASSETS = [
  {
    name: 'siteLogo',
    purpose: 'site-logo',
    label: 'Site logo',
    description: 'Shown in the portal header and on the site',
  },
  {
    name: 'siteFavicon',
    purpose: 'site-favicon',
    label: 'Favicon',
    description: 'The small icon of the browser tab; square works best',
  },
] as const;

/** CONTRACT.md §2 Site Management: name, logo, favicon, analytics, social profiles, footer and SEO of the site. */
export function SiteManagementPage({ title, backTo }: ScreenProps) {
  const { data, error, mutate } = useSite();
  const { user } = useSession();

  let content: ReactNode;
  if (data !== undefined) {
    // A saved or re-read record starts a fresh form at its version (a new site starts as 'new').
    content = (
      <SiteDetailsForm key={data ? `${data._id}:${data.version}` : 'new'} site={data} reload={() => mutate()} />
    );
  } else if (error) {
    content = <LoadFailed error={error} noun="site details" onRetry={() => void mutate()} />;
  } else {
    content = <ContentLoader />;
  }

  return (
    <>
      <PageHeader
        title={title}
        backTo={backTo}
        description="The site's name, branding, analytics and SEO. The logo and favicon also brand this portal."
      />
      <Stack gap="lg">
        {content}
        {canAccess(user, 'Site', ['Edit']) && <ContentKeysCard />}
        {canAccess(user, 'Site', ['Edit']) && <WebhooksCard />}
      </Stack>
    </>
  );
}

interface SiteDetailsFormProps {
  site: SiteRecord | null;
  reload: () => Promise<unknown>;
}

export const SITE_READ_ONLY_REASON = 'Changing the site settings needs Edit on Site Management; ask an administrator.';

function SiteDetailsForm({ site, reload }: SiteDetailsFormProps) {
  const { user } = useSession();
  // Everyone may read the site settings (CONTRACT.md §6); changing them needs Edit on Site (the API refuses otherwise).
  const readOnly = !canAccess(user, 'Site', ['Edit']);
  const [uploading, setUploading] = useState({ logo: false, favicon: false });
  const onLogoBusy = useCallback((busy: boolean) => setUploading((u) => ({ ...u, logo: busy })), []);
  const onFaviconBusy = useCallback((busy: boolean) => setUploading((u) => ({ ...u, favicon: busy })), []);
  const form = useSchemaForm(siteFormSchema, toForm(site));
  const { control } = form;
  const { isSubmitting } = form.formState;
  const input = inputBinder(form);
  // Readers see no example values.
  const example = (text: string) => (readOnly ? undefined : text);

  const save = useSaveForm(form, async (values) => {
    const body = { ...values, siteLogo: values.siteLogo?._id ?? null, siteFavicon: values.siteFavicon?._id ?? null };
    const saved = site ? await updateSite(site._id, { ...body, version: site.version }) : await createSite(body);
    notifySuccess(site ? 'Site Detail Updated Successfully' : 'Site Detail added Successfully');
    await afterSiteSaved(saved);
  });

  const busy = uploading.logo || uploading.favicon;
  const onBusy = { siteLogo: onLogoBusy, siteFavicon: onFaviconBusy };

  return (
    <FormCard
      label="Site details"
      save={save}
      onReload={reload}
      maw={960}
      className={readOnly ? classes.readOnly : undefined}
      notice={readOnly && <ReadOnlyNotice>{SITE_READ_ONLY_REASON}</ReadOnlyNotice>}
      readOnly={readOnly}
      actions={
        <>
          {busy && (
            <Text size="sm" c="dimmed" ta="right" mt="xl" mb={-16}>
              Save is available once the upload has finished.
            </Text>
          )}
          {!readOnly && <FormActions submitLabel="Save" submitting={isSubmitting} disabled={busy} />}
        </>
      }
    >
      <SiteSection label="Site" first>
        <TextInput label="Site name" autoComplete="off" withAsterisk={!readOnly} {...input('siteName')} />
        <TextInput
          label="Footer copyright"
          autoComplete="off"
          placeholder={example('© 2026 The Daily Example')}
          {...input('footerCopyright')}
        />
        {SITE_ASSETS.map((asset) => (
          <SiteAssetField
            key={asset.name}
            control={control}
            {...asset}
            readOnly={readOnly}
            disabled={isSubmitting}
            onBusyChange={onBusy[asset.name]}
          />
        ))}
      </SiteSection>

      <SiteSeoSection form={form} readOnly={readOnly} />

      <SlugStyleSection form={form} readOnly={readOnly} />

      <PreviewLinkSection form={form} readOnly={readOnly} />

      <SiteSection label="Analytics">
        <TextInput
          label="Google Analytics ID"
          placeholder={example('G-XXXXXXXXXX')}
          autoComplete="off"
          {...input('googleAnalytics')}
        />
        <TextInput
          label="Facebook Analytics ID"
          placeholder={example('Pixel ID')}
          autoComplete="off"
          {...input('facebookAnalytics')}
        />
      </SiteSection>

      <SiteSection label="Social profiles">
        {SOCIAL_PROFILES.map((profile) => (
          <TextInput
            key={profile.field}
            label={profile.label}
            type="url"
            placeholder={example(profile.placeholder)}
            autoComplete="off"
            {...input(profile.field)}
          />
        ))}
      </SiteSection>
    </FormCard>
  );
}

/** One part of the site form: its divider heading and its fields, two columns on wider screens. */
function SiteSection({
  label,
  first,
  cols,
  children,
}: {
  label: string;
  first?: boolean;
  cols?: 1;
  children: ReactNode;
}) {
  return (
    <>
      <Divider label={label} labelPosition="left" mt={first ? undefined : 'xl'} mb="md" />
      <SimpleGrid cols={cols ?? { base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {children}
      </SimpleGrid>
    </>
  );
}

type SiteFormApi = ReturnType<typeof useSchemaForm<typeof siteFormSchema>>;

/** The SEO title, description and keywords, the keywords with their count against the limit. */
function SiteSeoSection({ form, readOnly }: { form: SiteFormApi; readOnly: boolean }) {
  const input = inputBinder(form);
  const keywords = useWatch({ control: form.control, name: 'seo.metaTags.0.content' }) ?? '';
  return (
    <SiteSection label="SEO" cols={1}>
      <TextInput
        label="SEO title"
        description="Also the title of this portal's browser tab"
        autoComplete="off"
        withAsterisk={!readOnly}
        {...input('seo.title')}
      />
      <Textarea
        label="SEO description"
        autosize
        minRows={2}
        maxRows={6}
        withAsterisk={!readOnly}
        {...input('seo.description')}
      />
      <Textarea
        label="SEO keywords"
        description={`Separated by commas · ${keywords.length}/${MAX_KEYWORDS_LENGTH} characters`}
        autosize
        minRows={2}
        maxRows={6}
        {...input('seo.metaTags.0.content')}
      />
    </SiteSection>
  );
}

/** How slugs are made from titles and names: for new articles and categories only. */
function SlugStyleSection({ form, readOnly }: { form: SiteFormApi; readOnly: boolean }) {
  return (
    <SiteSection label="Article and category addresses" cols={1}>
      <Controller
        control={form.control}
        name="slugStyle"
        render={({ field }) => (
          <Radio.Group
            label="URL slugs made from titles and names"
            description="Applies to new articles and categories; a slug typed in an editor is kept as typed"
            value={field.value ?? DEFAULT_SLUG_STYLE}
            onChange={(value) => field.onChange(value)}
            readOnly={readOnly}
          >
            <Stack gap="xs" mt="xs">
              {SLUG_STYLE_CHOICES.map((choice) => (
                <Radio
                  key={choice.value}
                  value={choice.value}
                  label={choice.label}
                  description={choice.description}
                  disabled={readOnly}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
    </SiteSection>
  );
}

/** Where the editor's Preview opens: the site's own preview page with a signed link, or this portal's preview. */
function PreviewLinkSection({ form, readOnly }: { form: SiteFormApi; readOnly: boolean }) {
  const input = inputBinder(form);
  return (
    <SiteSection label="Previews" cols={1}>
      <TextInput
        label="Preview link"
        description={`The site's preview page, with {slug} and {token} where the article's slug and a signed token go. The site reads the article with GET /content/v1/preview/{token} and its content API key; a token works for ${PREVIEW_LINK.ttlSeconds / 60} minutes and for that one article. Leave empty to preview in this portal.`}
        placeholder={readOnly ? undefined : 'https://news.example/preview/{slug}?token={token}'}
        autoComplete="off"
        {...input('previewUrl')}
      />
    </SiteSection>
  );
}
