import { zodResolver } from '@hookform/resolvers/zod';
import { Divider, Group, Image, Input, Paper, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { MAX_KEYWORDS_LENGTH } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import { siteSchema } from '../../../shared/schemas/site';
import * as z from '../../../shared/schemas/z';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { LoadFailed } from '../common/LoadFailed';
import { ContentLoader } from '../common/LoadingScreen';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import classes from '../common/ReadOnly.module.css';
import { ReadOnlyNotice } from '../common/ReadOnlyNotice';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { Uploader } from '../upload/Uploader';
import { afterSiteSaved, createSite, type SiteRecord, updateSite, useSite } from './api';

/** The uploaded file as the form holds it: enough to preview it; the body sends only its `_id`. */
const assetRef = z.nullable(z.object({ _id: z.string(), url: z.string(), name: z.optional(z.string()) }));

/** The site schema, with logo and favicon held as uploaded files instead of bare ids. */
const siteFormSchema = z.extend(z.omit(siteSchema, { siteLogo: true, siteFavicon: true }), {
  siteLogo: assetRef,
  siteFavicon: assetRef,
});
type SiteForm = z.input<typeof siteFormSchema>;
type SiteValues = z.output<typeof siteFormSchema>;

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
});

const SOCIAL_PROFILES = [
  { field: 'facebookProfile', label: 'Facebook profile', placeholder: 'https://facebook.com/…' },
  { field: 'twitterProfile', label: 'Twitter profile', placeholder: 'https://x.com/…' },
  { field: 'instagramProfile', label: 'Instagram profile', placeholder: 'https://instagram.com/…' },
  { field: 'linkedInProfile', label: 'LinkedIn profile', placeholder: 'https://linkedin.com/company/…' },
] as const;

/** SPEC §2 Site Management: name, logo, favicon, analytics, social profiles, footer and SEO of the site. */
export function SiteManagementPage({ title, backTo }: ScreenProps) {
  const { data, error, mutate } = useSite();

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
      {content}
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
  // Everyone may read the site settings (SPEC §6); changing them needs Edit on Site (the API refuses otherwise).
  const readOnly = !canAccess(user, 'Site', ['Edit']);
  const [failure, setFailure] = useState<unknown>(null);
  const [uploading, setUploading] = useState({ logo: false, favicon: false });
  const onLogoBusy = useCallback((busy: boolean) => setUploading((u) => ({ ...u, logo: busy })), []);
  const onFaviconBusy = useCallback((busy: boolean) => setUploading((u) => ({ ...u, favicon: busy })), []);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SiteForm, unknown, SiteValues>({
    resolver: zodResolver(siteFormSchema),
    mode: 'onTouched',
    defaultValues: toForm(site),
  });
  const keywords = useWatch({ control, name: 'seo.metaTags.0.content' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = { ...values, siteLogo: values.siteLogo?._id ?? null, siteFavicon: values.siteFavicon?._id ?? null };
    try {
      const saved = site ? await updateSite(site._id, { ...body, version: site.version }) : await createSite(body);
      notifySuccess(site ? 'Site Detail Updated Successfully' : 'Site Detail added Successfully');
      await afterSiteSaved(saved);
    } catch (error) {
      setFailure(error);
    }
  });

  const busy = uploading.logo || uploading.favicon;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      maw={960}
      className={readOnly ? classes.readOnly : undefined}
    >
      {readOnly && <ReadOnlyNotice>{SITE_READ_ONLY_REASON}</ReadOnlyNotice>}
      <form onSubmit={onSubmit} noValidate aria-label="Site details">
        <FormError error={failure} onReload={reload} />
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Divider label="Site" labelPosition="left" mb="md" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Site name"
              autoComplete="off"
              withAsterisk={!readOnly}
              error={errors.siteName?.message}
              {...register('siteName')}
            />
            <TextInput
              label="Footer copyright"
              autoComplete="off"
              placeholder={readOnly ? undefined : '© 2026 The Daily Example'}
              error={errors.footerCopyright?.message}
              {...register('footerCopyright')}
            />
            <Controller
              control={control}
              name="siteLogo"
              render={({ field }) =>
                readOnly ? (
                  <ReadOnlyFile label="Site logo" file={field.value ?? null} />
                ) : (
                  <Uploader
                    purpose="site-logo"
                    label="Site logo"
                    description="Shown in the portal header and on the site"
                    value={field.value ?? null}
                    onChange={field.onChange}
                    onBusyChange={onLogoBusy}
                    disabled={isSubmitting}
                  />
                )
              }
            />
            <Controller
              control={control}
              name="siteFavicon"
              render={({ field }) =>
                readOnly ? (
                  <ReadOnlyFile label="Favicon" file={field.value ?? null} />
                ) : (
                  <Uploader
                    purpose="site-favicon"
                    label="Favicon"
                    description="The small icon of the browser tab; square works best"
                    value={field.value ?? null}
                    onChange={field.onChange}
                    onBusyChange={onFaviconBusy}
                    disabled={isSubmitting}
                  />
                )
              }
            />
          </SimpleGrid>

          <Divider label="SEO" labelPosition="left" mt="xl" mb="md" />
          <SimpleGrid cols={1} spacing="md" verticalSpacing="md">
            <TextInput
              label="SEO title"
              description="Also the title of this portal's browser tab"
              autoComplete="off"
              withAsterisk={!readOnly}
              error={errors.seo?.title?.message}
              {...register('seo.title')}
            />
            <Textarea
              label="SEO description"
              autosize
              minRows={2}
              maxRows={6}
              withAsterisk={!readOnly}
              error={errors.seo?.description?.message}
              {...register('seo.description')}
            />
            <Textarea
              label="SEO keywords"
              description={`Separated by commas · ${keywords.length}/${MAX_KEYWORDS_LENGTH} characters`}
              autosize
              minRows={2}
              maxRows={6}
              error={errors.seo?.metaTags?.[0]?.content?.message}
              {...register('seo.metaTags.0.content')}
            />
          </SimpleGrid>

          <Divider label="Analytics" labelPosition="left" mt="xl" mb="md" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Google Analytics ID"
              placeholder={readOnly ? undefined : 'G-XXXXXXXXXX'}
              autoComplete="off"
              error={errors.googleAnalytics?.message}
              {...register('googleAnalytics')}
            />
            <TextInput
              label="Facebook Analytics ID"
              placeholder={readOnly ? undefined : 'Pixel ID'}
              autoComplete="off"
              error={errors.facebookAnalytics?.message}
              {...register('facebookAnalytics')}
            />
          </SimpleGrid>

          <Divider label="Social profiles" labelPosition="left" mt="xl" mb="md" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {SOCIAL_PROFILES.map((profile) => (
              <TextInput
                key={profile.field}
                label={profile.label}
                type="url"
                placeholder={readOnly ? undefined : profile.placeholder}
                autoComplete="off"
                error={errors[profile.field]?.message}
                {...register(profile.field)}
              />
            ))}
          </SimpleGrid>
        </fieldset>
        {busy && (
          <Text size="sm" c="dimmed" ta="right" mt="xl" mb={-16}>
            Save is available once the upload has finished.
          </Text>
        )}
        {!readOnly && <FormActions submitLabel="Save" submitting={isSubmitting} disabled={busy} />}
      </form>
    </Paper>
  );
}

/** An uploaded file as a reader sees it: its preview and name, or that there is none. */
function ReadOnlyFile({ label, file }: { label: string; file: { url: string; name?: string } | null }) {
  return (
    <Input.Wrapper label={label}>
      <Paper withBorder radius="md" p="sm" mt={4} shadow="none" bg="gray.0">
        {file ? (
          <Group gap="sm" wrap="nowrap">
            <Image src={file.url} alt="" h={40} w={40} fit="contain" radius="sm" bg="white" style={{ flex: 'none' }} />
            <Text size="sm" truncate="end">
              {file.name ?? file.url.split('/').at(-1)}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            None uploaded
          </Text>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
