import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconLock, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import type { ReviewNote } from '../../../../shared/schemas/article-record';
import { useBusy } from '../../common/use-busy';
import { WarningAlert } from '../../common/WarningAlert';
import type { LockState } from './editor-machine';
import { clockTime, type RestoreCandidate } from './restore-offer';

export interface LockBannerProps {
  state: LockState;
  onTakeOver: () => Promise<unknown>;
}

/** Who holds the edit lock when it is not this editor: read-only, with Take over; or who took it over from us. */
export function LockBanner({ state, onTakeOver }: LockBannerProps) {
  const [busy, whileBusy] = useBusy();
  const [stayReadOnly, setStayReadOnly] = useState(false);
  const takeOver = () => whileBusy(onTakeOver);

  if (state.kind === 'lost') {
    return (
      <Alert color="orange" variant="light" icon={<IconLock size={18} />} role="alert" mb="md">
        <Text size="sm">
          {state.by.name} took over editing at {clockTime(state.at)}. Your changes are kept: they will be offered when
          you open the article again.
        </Text>
        <Group gap="sm" mt="sm">
          <Button size="xs" variant="default" onClick={() => window.location.reload()}>
            Open the article again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (state.kind !== 'theirs') return null;
  const { holder, since } = state.lock;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock size={18} />}
      title={`${holder.name} is editing since ${clockTime(since)}`}
      role="status"
      mb="md"
      data-testid="lock-banner"
    >
      {!stayReadOnly && (
        <Text size="sm">
          You see the article read-only. Take over to edit it: {holder.name}&apos;s editor turns read-only and keeps
          their text as their autosave.
        </Text>
      )}
      <Group gap="sm" mt="sm">
        {!stayReadOnly && (
          <Button size="xs" variant="default" onClick={() => setStayReadOnly(true)} disabled={busy}>
            Read-only
          </Button>
        )}
        <Button size="xs" color="yellow.8" autoContrast onClick={() => void takeOver()} loading={busy}>
          Take over
        </Button>
      </Group>
    </Alert>
  );
}

export interface RestoreBannerProps<T> {
  offer: RestoreCandidate<T>;
  /** The article's version now: an offer typed on an older one says so. */
  version?: number;
  onRestore: () => void;
  onDiscard: () => void;
}

/** "Restore your unsaved changes from 14:32": an autosave or this browser's copy newer than the last save. */
export function RestoreBanner<T>({ offer, version, onRestore, onDiscard }: RestoreBannerProps<T>) {
  const older = version !== undefined && offer.baseVersion !== null && offer.baseVersion < version;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconRestore size={18} />}
      title={`Restore your unsaved changes from ${clockTime(offer.at)}`}
      role="status"
      mb="md"
    >
      <Text size="sm">
        {offer.source === 'device'
          ? 'They were kept on this device and never saved.'
          : 'They were autosaved while you typed, and never saved.'}{' '}
        {older
          ? 'The article has been saved again since: restoring puts your text in the form over that version.'
          : 'Restoring puts them in the form; Save keeps them.'}
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={onRestore}>
          Restore
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}

export interface LockProblemProps {
  message: string;
  onTakeOverAndSave: () => Promise<void>;
}

/** A save refused because this editor does not hold a live lock (a laptop that slept): the API's reason, and a way on. */
export function LockProblem({ message, onTakeOverAndSave }: LockProblemProps) {
  const [busy, whileBusy] = useBusy();
  return (
    <WarningAlert role="alert" mb="md">
      <Text size="sm">{message}</Text>
      <Text size="sm" mt={4}>
        Your text is still in the form below.
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" color="orange" loading={busy} onClick={() => void whileBusy(onTakeOverAndSave)}>
          Take over and save
        </Button>
      </Group>
    </WarningAlert>
  );
}

/**
 * A Rejected article's note from the reviewer (CONTRACT.md §4): what the author should change, above the form
 * until the article leaves Rejected (it stays in the history).
 */
export function ReturnedBanner({ returned }: { returned: ReviewNote }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconArrowBackUp size={18} />}
      title={`Sent back by ${returned.by.name}, ${formatDateTime(returned.at)}`}
      role="status"
      mb="md"
      data-testid="returned-banner"
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {returned.note}
      </Text>
    </Alert>
  );
}
