import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../shared/format';
import type { WorkflowAction } from '../../../../shared/workflow';
import { dateTimeWithZone, type PublishIntent } from './publish-intent';

/** What the person chose: go ahead (keeping the date), go ahead dated now, or not at all. */
export type PublishChoice = 'go' | 'now' | 'cancel';

interface ConfirmQuery {
  intent: PublishIntent;
  action: WorkflowAction;
  /** 'article', 'video', 'gallery' … */
  noun: string;
  publishDate: string | null | undefined;
}

/**
 * Asks before a button takes a story live in a way its label may not make plain: a date to come schedules it (the
 * date and time said in the viewer's time zone, as the app shows every time), a chosen date that has passed is kept
 * or replaced by now, and a media Save that publishes says so. Anything else goes ahead without a question.
 */
export function confirmPublish({ intent, action, noun, publishDate }: ConfirmQuery): Promise<PublishChoice> {
  const viaSave = action === 'save';
  if (intent.schedules && publishDate) {
    return ask({
      title: `Schedule this ${noun}?`,
      body: (
        <Text size="sm">
          It goes live on <b>{dateTimeWithZone(publishDate)}</b>. Until then readers do not see it.
        </Text>
      ),
      go: viaSave ? 'Save and schedule' : 'Schedule',
    });
  }
  if (intent.pastDate && publishDate) {
    return new Promise((resolve) => {
      let settled = false;
      const done = (choice: PublishChoice) => {
        if (settled) return;
        settled = true;
        modals.close(id);
        resolve(choice);
      };
      const id = modals.open({
        title: 'Keep the earlier publish date?',
        centered: true,
        onClose: () => done('cancel'),
        children: (
          <Stack gap="md">
            <Text size="sm">
              {viaSave ? `Save publishes this ${noun} now. ` : ''}Its publish date, {formatDateTime(publishDate)}, has
              passed: keep it, and it is listed as published then, or date it now.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => done('cancel')}>
                Cancel
              </Button>
              <Button variant="default" onClick={() => done('go')}>
                Keep date
              </Button>
              <Button onClick={() => done('now')} data-autofocus>
                Use now
              </Button>
            </Group>
          </Stack>
        ),
      });
    });
  }
  if (viaSave && intent.goesLive) {
    return ask({
      title: `Save and publish this ${noun}?`,
      body: <Text size="sm">Saving an existing {noun} publishes it: readers see it at once.</Text>,
      go: 'Save and publish',
    });
  }
  return Promise.resolve('go');
}

function ask({ title, body, go }: { title: string; body: ReactNode; go: string }): Promise<PublishChoice> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (choice: PublishChoice) => {
      if (settled) return;
      settled = true;
      resolve(choice);
    };
    modals.openConfirmModal({
      title,
      children: body,
      labels: { confirm: go, cancel: 'Cancel' },
      centered: true,
      onConfirm: () => settle('go'),
      onCancel: () => settle('cancel'),
      onClose: () => settle('cancel'),
    });
  });
}
