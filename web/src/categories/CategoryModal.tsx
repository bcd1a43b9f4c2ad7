import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Input,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { categoryUpdateSchema, slugify } from '../../../shared/schemas/category';
import * as z from '../../../shared/schemas/z';
import { FormError } from '../common/FormError';
import { notifySuccess } from '../common/notify';
import scroll from '../common/ScrollMargin.module.css';
import { useIsNarrow } from '../common/use-narrow';
import { Uploader } from '../upload/Uploader';
import type { UploadedAsset } from '../upload/upload-api';
import { type CategoryNode, createCategory, revalidateCategories, updateCategory, useCategoryList } from './api';
import { parentChoices } from './category-tree';

/** The modal's fields: those of the category (SPEC §3), plus Active when editing; version comes from the record. */
const formSchema = z.omit(categoryUpdateSchema, { version: true });
type CategoryForm = z.input<typeof formSchema>;
type CategoryValues = z.output<typeof formSchema>;

const MAX_META_TAGS = 20;

const EMPTY: CategoryForm = {
  name: '',
  url: '',
  slug: '',
  description: '',
  parent: null,
  image: null,
  seo: { title: '', description: '', metaTags: [] },
};

const toForm = (category: CategoryNode): CategoryForm => ({
  name: category.name,
  url: category.url ?? '',
  slug: category.slug ?? '',
  description: category.description ?? '',
  parent: category.parent ?? null,
  image: category.image?._id ?? null,
  seo: {
    title: category.seo?.title ?? '',
    description: category.seo?.description ?? '',
    metaTags: (category.seo?.metaTags ?? []).map(({ property, content }) => ({ property, content })),
  },
  active: category.active,
});

export interface CategoryModalProps {
  opened: boolean;
  /** The category being edited; absent when adding. */
  category?: CategoryNode;
  onClose: () => void;
  /** After a save, with the saved category (the tree opens the branch it sits in). */
  onSaved: (category: CategoryNode) => void;
  /** Re-reads the tree (Reload after a conflict). */
  reload: () => Promise<unknown>;
}

/** SPEC §2 Manage Category: the Add Category and Edit Category modals (Edit adds the Active checkbox). */
export function CategoryModal({ opened, category, onClose, onSaved, reload }: CategoryModalProps) {
  const narrow = useIsNarrow();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={category ? 'Edit Category' : 'Add Category'}
      size="xl"
      radius="md"
      fullScreen={narrow}
      centered={!narrow}
    >
      {/* A re-read category (Reload after a conflict) starts a fresh form at its version. */}
      <CategoryFormBody
        key={category ? `${category._id}:${category.version}` : 'new'}
        category={category}
        onDone={onClose}
        onSaved={onSaved}
        reload={reload}
      />
    </Modal>
  );
}

interface CategoryFormBodyProps {
  category?: CategoryNode;
  onDone: () => void;
  onSaved: (category: CategoryNode) => void;
  reload: () => Promise<unknown>;
}

function CategoryFormBody({ category, onDone, onSaved, reload }: CategoryFormBodyProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const [image, setImage] = useState<UploadedAsset | null>(category?.image ?? null);
  const [uploading, setUploading] = useState(false);
  const { data: list, isLoading: listLoading } = useCategoryList();
  const parents = useMemo(() => parentChoices(list ?? [], category?._id), [list, category?._id]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CategoryForm, unknown, CategoryValues>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: category ? toForm(category) : EMPTY,
  });
  const metaTags = useFieldArray({ control, name: 'seo.metaTags' });
  const suggestedSlug = slugify(watch('name') ?? '');

  const onSubmit = handleSubmit(async ({ active, ...values }) => {
    setFailure(null);
    // Empty meta tag rows are left out rather than stored.
    const seo = {
      ...values.seo,
      metaTags: (values.seo?.metaTags ?? []).filter((tag) => tag.property !== '' || tag.content !== ''),
    };
    const body = { ...values, parent: values.parent ?? null, image: values.image ?? null, seo };
    try {
      let saved: CategoryNode;
      if (category) {
        saved = await updateCategory(category._id, { ...body, version: category.version, active });
        notifySuccess('Category Updated Successfully');
      } else {
        saved = await createCategory(body);
        notifySuccess('Category Added Successfully');
      }
      void revalidateCategories();
      onSaved(saved);
      onDone();
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <form
      className={scroll.offsetAlerts}
      onSubmit={onSubmit}
      noValidate
      aria-label={category ? 'Edit Category' : 'Add Category'}
    >
      <FormError error={failure} onReload={category ? reload : undefined} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Name"
            autoComplete="off"
            withAsterisk
            data-autofocus
            error={errors.name?.message}
            {...register('name')}
          />
          <Controller
            control={control}
            name="parent"
            render={({ field }) => (
              <Select
                label="Parent category"
                placeholder={listLoading ? 'Loading categories…' : 'None (a top-level category)'}
                data={parents}
                // The API also takes SPEC's list form ([id]); this form only ever holds one id or none.
                value={typeof field.value === 'string' ? field.value : null}
                onChange={(value) => field.onChange(value ?? null)}
                onBlur={field.onBlur}
                searchable
                clearable
                nothingFoundMessage="No category by that name"
                comboboxProps={{ withinPortal: true }}
                error={errors.parent?.message}
              />
            )}
          />
          <TextInput
            label="Slug"
            description="Made from the name when left empty"
            placeholder={suggestedSlug || 'e.g. world-news'}
            autoComplete="off"
            error={errors.slug?.message}
            {...register('slug')}
          />
          <TextInput
            label="URL"
            description="Optional link"
            autoComplete="off"
            error={errors.url?.message}
            {...register('url')}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          error={errors.description?.message}
          {...register('description')}
        />
        <Uploader
          purpose="category-image"
          label="Image"
          value={image}
          onChange={(asset) => {
            setImage(asset);
            setValue('image', asset?._id ?? null, { shouldDirty: true });
          }}
          onBusyChange={setUploading}
          error={errors.image?.message}
        />

        <Divider label="SEO" labelPosition="left" mt="xs" />
        <TextInput label="SEO title" autoComplete="off" error={errors.seo?.title?.message} {...register('seo.title')} />
        <Textarea
          label="SEO description"
          autosize
          minRows={2}
          maxRows={5}
          error={errors.seo?.description?.message}
          {...register('seo.description')}
        />
        <Input.Wrapper
          label="Meta tags"
          description="Extra <meta> tags for the category page, e.g. property og:type with content website"
          error={errors.seo?.metaTags?.root?.message ?? errors.seo?.metaTags?.message}
        >
          <Stack gap="xs" mt={6}>
            {metaTags.fields.map((tag, index) => (
              <Group key={tag.id} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  aria-label={`Meta tag ${index + 1} property`}
                  placeholder="Property"
                  autoComplete="off"
                  style={{ flex: '1 1 40%' }}
                  miw={0}
                  error={errors.seo?.metaTags?.[index]?.property?.message}
                  {...register(`seo.metaTags.${index}.property`)}
                />
                <TextInput
                  aria-label={`Meta tag ${index + 1} content`}
                  placeholder="Content"
                  autoComplete="off"
                  style={{ flex: '1 1 60%' }}
                  miw={0}
                  error={errors.seo?.metaTags?.[index]?.content?.message}
                  {...register(`seo.metaTags.${index}.content`)}
                />
                <Tooltip label="Remove this meta tag" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={36}
                    aria-label={`Remove meta tag ${index + 1}`}
                    onClick={() => metaTags.remove(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
            {metaTags.fields.length === 0 && (
              <Text size="sm" c="dimmed">
                No meta tags.
              </Text>
            )}
            <div>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                disabled={metaTags.fields.length >= MAX_META_TAGS}
                onClick={() => metaTags.append({ property: '', content: '' })}
              >
                Add meta tag
              </Button>
            </div>
          </Stack>
        </Input.Wrapper>

        {category && (
          <Checkbox
            label="Active"
            description="Inactive categories are hidden on the site"
            mt="xs"
            {...register('active')}
          />
        )}
      </Stack>
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Tooltip label="Wait until the image has uploaded" disabled={!uploading} withArrow>
          <Button type="submit" loading={isSubmitting} disabled={uploading}>
            {category ? 'Update' : 'Save'}
          </Button>
        </Tooltip>
      </Group>
    </form>
  );
}
