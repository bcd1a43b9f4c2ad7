import { Checkbox, Divider, Select, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { CATEGORY_NAME_TAKEN } from '../../../shared/schemas/category';
import { ApiError } from '../api/client';
import { FieldGrid } from '../common/FieldGrid';
import { inputBinder } from '../common/form/input-binder';
import { FormModal, ModalForm } from '../common/form/ModalForm';
import { SlugController } from '../common/form/SlugController';
import { useModalSave } from '../common/form/use-modal-save';
import { useSchemaForm } from '../common/form/use-schema-form';
import { Uploader } from '../upload/Uploader';
import type { UploadedAsset } from '../upload/upload-api';
import {
  type CategoryNode,
  type CategoryRecord,
  createCategory,
  revalidateCategories,
  updateCategory,
  useCategoryList,
} from './api';
import { type CategoryValues, categoryFormSchema, EMPTY_CATEGORY_FORM, toCategoryForm } from './category-form';
import { parentChoices } from './category-tree';
import { MetaTagsField } from './MetaTagsField';

export interface CategoryModalProps {
  opened: boolean;
  /** The category being edited; absent when adding. */
  category?: CategoryNode;
  onClose: () => void;
  /** After a save, with the saved category (the tree opens the branch it sits in). */
  onSaved: (category: CategoryRecord) => void;
  /** Re-reads the tree (Reload after a conflict). */
  reload: () => Promise<unknown>;
}

/** CONTRACT.md §2 Manage Category: the Add Category and Edit Category modals (Edit adds the Active checkbox). */
export function CategoryModal({ opened, category, onClose, onSaved, reload }: CategoryModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={category ? 'Edit Category' : 'Add Category'}
      size="xl"
      fullScreenWhenNarrow
      record={category}
    >
      <CategoryFormBody category={category} onDone={onClose} onSaved={onSaved} reload={reload} />
    </FormModal>
  );
}

/** The body the API takes: the form's values without Active, empty meta tag rows left out rather than stored. */
function toBody({ active: _active, ...values }: CategoryValues) {
  const seo = {
    ...values.seo,
    metaTags: (values.seo?.metaTags ?? []).filter((tag) => tag.property !== '' || tag.content !== ''),
  };
  return { ...values, parent: values.parent ?? null, image: values.image ?? null, seo };
}

type CategoryFormBodyProps = Omit<CategoryModalProps, 'opened' | 'onClose'> & { onDone: () => void };

function CategoryFormBody({ category, onDone, onSaved, reload }: CategoryFormBodyProps) {
  const [image, setImage] = useState<UploadedAsset | null>(category?.image ?? null);
  const [uploading, setUploading] = useState(false);
  const { data: list, isLoading: listLoading } = useCategoryList();
  const parents = useMemo(() => parentChoices(list ?? [], category?._id), [list, category?._id]);
  const form = useSchemaForm(categoryFormSchema, category ? toCategoryForm(category) : EMPTY_CATEGORY_FORM);
  const { control, setValue } = form;
  const { errors } = form.formState;
  const input = inputBinder(form);

  // A sibling's name (the API compares without case or accents) is said on the Name field too, not only above the form.
  const onName = <T,>(saving: Promise<T>) =>
    saving.catch((error: unknown) => {
      if (error instanceof ApiError && error.message === CATEGORY_NAME_TAKEN) {
        form.setError('name', { message: CATEGORY_NAME_TAKEN });
      }
      throw error;
    });

  const modal = useModalSave(form, {
    record: category,
    update: (stored, values) =>
      onName(updateCategory(stored._id, { ...toBody(values), version: stored.version, active: values.active })),
    create: (values) => onName(createCategory(toBody(values))),
    updated: 'Category Updated Successfully',
    added: 'Category Added Successfully',
    revalidate: revalidateCategories,
    onSaved,
    onDone,
    reload,
  });

  return (
    <ModalForm
      label={category ? 'Edit Category' : 'Add Category'}
      {...modal}
      busy={uploading}
      busyReason="Wait until the image has uploaded"
    >
      <FieldGrid>
        <TextInput label="Name" autoComplete="off" withAsterisk data-autofocus {...input('name')} />
        <Controller
          control={control}
          name="parent"
          render={({ field }) => (
            <Select
              label="Parent category"
              placeholder={listLoading ? 'Loading categories…' : 'None (a top-level category)'}
              data={parents}
              // The API also takes the contract's list form ([id]); this form only ever holds one id or none.
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
        <SlugController control={control} source="name" follow={!category} label="Slug" />
        <TextInput label="URL" description="Optional link" autoComplete="off" {...input('url')} />
      </FieldGrid>
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...input('description')} />
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
      <TextInput label="SEO title" autoComplete="off" {...input('seo.title')} />
      <Textarea label="SEO description" autosize minRows={2} maxRows={5} {...input('seo.description')} />
      <MetaTagsField form={form} />

      {category && (
        <Checkbox
          label="Active"
          description="Inactive categories are hidden on the site"
          mt="xs"
          {...form.register('active')}
        />
      )}
    </ModalForm>
  );
}
