import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { breakingNewsSchema } from '../../../shared/schemas/breaking-news';
import type * as z from '../../../shared/schemas/z';
import { FormError } from '../common/FormError';
import { notifySuccess } from '../common/notify';
import scroll from '../common/ScrollMargin.module.css';
import { type BreakingNews, createBreakingNews, revalidateBreakingNews, updateBreakingNews } from './api';

type NewsForm = z.input<typeof breakingNewsSchema>;
type NewsValues = z.output<typeof breakingNewsSchema>;

export interface BreakingNewsModalProps {
  opened: boolean;
  /** The item being edited; absent when adding. */
  item?: BreakingNews;
  onClose: () => void;
  /** Re-reads the list (Reload after a conflict). */
  reload: () => Promise<unknown>;
}

/** SPEC §2: 'Add Breaking news' and (sic) 'Edit Category': headline and an optional link. */
export function BreakingNewsModal({ opened, item, onClose, reload }: BreakingNewsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item ? 'Edit Category' : 'Add Breaking news'}
      centered
      radius="md"
      size="lg"
    >
      {/* A re-read item (Reload after a conflict) starts a fresh form at its version. */}
      <BreakingNewsForm
        key={item ? `${item._id}:${item.version}` : 'new'}
        item={item}
        onDone={onClose}
        reload={reload}
      />
    </Modal>
  );
}

interface BreakingNewsFormProps {
  item?: BreakingNews;
  onDone: () => void;
  reload: () => Promise<unknown>;
}

function BreakingNewsForm({ item, onDone, reload }: BreakingNewsFormProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewsForm, unknown, NewsValues>({
    resolver: zodResolver(breakingNewsSchema),
    mode: 'onTouched',
    defaultValues: { title: item?.title ?? '', url: item?.url ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (item) {
        await updateBreakingNews(item, values);
        notifySuccess('Breaking news Updated Successfully');
      } else {
        await createBreakingNews(values);
        notifySuccess('Breaking News Added Successfully');
      }
      void revalidateBreakingNews();
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
      aria-label={item ? 'Edit breaking news' : 'Add breaking news'}
    >
      <FormError error={failure} onReload={item ? reload : undefined} />
      <Stack gap="md">
        <TextInput
          label="Headline"
          autoComplete="off"
          withAsterisk
          data-autofocus
          error={errors.title?.message}
          {...register('title')}
        />
        <TextInput
          label="URL"
          description="Optional: where the headline links to, e.g. https://… or /politics/…"
          autoComplete="off"
          error={errors.url?.message}
          {...register('url')}
        />
      </Stack>
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {item ? 'Update' : 'Save'}
        </Button>
      </Group>
    </form>
  );
}
