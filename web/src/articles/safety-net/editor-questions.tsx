/** The questions the editor asks before a step that takes something away: Retract, Discard changes, Cancel. */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ArticleDetail, readHomeLayout } from '../api';
import { homeSlotsOf, retractText } from './home-slots';

function ask(title: string, text: string, labels: { confirm: string; cancel: string }): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels,
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => resolve(true),
      onClose: () => resolve(false),
    });
  });
}

/** Asks before Retract, naming the home-page slots the article leaves. */
export async function askRetract(live: ArticleDetail | undefined): Promise<boolean> {
  if (!live) return true;
  const slots = await readHomeLayout()
    .then((layout) => homeSlotsOf(layout.body, live._id))
    .catch(() => undefined);
  return ask(`Retract "${live.title}"?`, retractText(slots), { confirm: 'Retract', cancel: 'Keep it live' });
}

/** Asks before dropping a live article's unpublished draft. */
export function askDiscardChanges(current: ArticleDetail): Promise<boolean> {
  return ask(
    'Discard the unpublished changes?',
    `Readers keep seeing the published version of “${current.title}”. The changes saved since it was published are dropped from the editor; they stay in the revisions.`,
    { confirm: 'Discard changes', cancel: 'Keep them' },
  );
}

/** Cancel with unsaved changes. */
export function askDiscardEdits(): Promise<boolean> {
  return ask('Discard your changes?', 'What you changed since the last save will be lost.', {
    confirm: 'Discard',
    cancel: 'Keep editing',
  });
}
