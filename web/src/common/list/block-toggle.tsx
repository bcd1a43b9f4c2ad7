import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { RowAction, type RowActionProps } from '../RowAction';
import { useConfirmedRowAction } from './use-confirm-target';

/** What one way of the toggle says: the dialog's title and question, and the popups after it (CONTRACT.md §8). */
interface BlockStep {
  title: string;
  /** About the row asked of, by its name. */
  question: (name: string | undefined) => string;
  done: string;
  failed: string;
}

export interface BlockWords {
  block: BlockStep;
  unblock: BlockStep;
}

/**
 * The words of Block / Unblock of a `noun` ('role'): 'Block role', 'Role Blocked Successfully', 'Could not block the
 * role', and the same for Unblock; only the questions differ from one resource to another.
 */
export function blockWords(noun: string, questions: Record<keyof BlockWords, BlockStep['question']>): BlockWords {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const step = (verb: 'block' | 'unblock', Verb: string): BlockStep => ({
    title: `${Verb} ${noun}`,
    question: questions[verb],
    done: `${Noun} ${Verb}ed Successfully`,
    failed: `Could not ${verb} the ${noun}`,
  });
  return { block: step('block', 'Block'), unblock: step('unblock', 'Unblock') };
}

type EnableStatus = 'Enable' | 'Disable';

interface BlockToggleCalls<T> {
  setStatus: (row: T, status: EnableStatus) => Promise<unknown>;
  /** Re-reads the list, whatever the outcome. */
  revalidate: (row: T) => Promise<unknown>;
}

/**
 * CONTRACT.md §4's Block / Unblock of a role or user (status Enable / Disable) behind a confirm dialog: `ask(row)`
 * opens the dialog, whose confirm sets the other status. `dialog` is all of ConfirmDialog's props.
 */
export function useBlockToggle<T extends { name: string; status: string }>(
  words: BlockWords,
  { setStatus, revalidate }: BlockToggleCalls<T>,
) {
  const confirm = useConfirmedRowAction((row: T) => {
    const blocking = row.status !== 'Disable';
    const { done, failed } = blocking ? words.block : words.unblock;
    return {
      run: () => setStatus(row, blocking ? 'Disable' : 'Enable'),
      done,
      failed,
      revalidate: () => revalidate(row),
    };
  });
  const blocking = confirm.target?.status !== 'Disable';
  const step = blocking ? words.block : words.unblock;
  return {
    ask: confirm.ask,
    dialog: {
      ...confirm.dialog,
      title: step.title,
      confirmLabel: blocking ? 'Block' : 'Unblock',
      danger: blocking,
      children: step.question(confirm.target?.name),
    },
  };
}

/** A row's Block / Unblock: the label names what the click does (CONTRACT.md §4). */
export function BlockRowAction({
  blocked,
  ...action
}: Pick<RowActionProps, 'onClick' | 'disabledReason'> & { blocked: boolean }) {
  return (
    <RowAction
      label={blocked ? 'Unblock' : 'Block'}
      icon={blocked ? <IconLockOpen size={15} /> : <IconLock size={15} />}
      color={blocked ? 'green' : 'red'}
      {...action}
    />
  );
}
