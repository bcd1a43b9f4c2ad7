import { Button, Group, Text } from '@mantine/core';

import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { WarningAlert } from '../../common/WarningAlert';
import type { Conflict } from './editor-machine';

interface ConflictNoticeProps {
  conflict: Conflict;
  busy: boolean;
  onReload: () => void;
  onKeepMine: () => void;
}

/** A stale save: who changed the article and when, and the two ways on. The form below keeps every word. */
export function ConflictNotice({ conflict, busy, onReload, onKeepMine }: ConflictNoticeProps) {
  const { theirs } = conflict;
  const ref = useRef<HTMLDivElement>(null);
  // The form may be scrolled far below its top (long articles): bring the question into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  const who = theirs.updatedBy?.name ?? 'someone else';
  return (
    <WarningAlert title="This article was changed while you were editing" role="alert" mb="md" ref={ref}>
      <Text size="sm">
        Changed by {who} at {formatDateTime(theirs.updatedAt)}. Your text is still in the form below: reload their
        version (yours is discarded) or keep yours and save it over theirs.
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" variant="default" onClick={onReload} disabled={busy}>
          Reload (discard mine)
        </Button>
        <Button size="xs" color="orange.6" autoContrast onClick={onKeepMine} loading={busy}>
          Keep my version
        </Button>
      </Group>
    </WarningAlert>
  );
}
