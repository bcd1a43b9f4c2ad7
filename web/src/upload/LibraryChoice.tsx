import { Button } from '@mantine/core';
import { IconPhotoSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { UPLOAD_PURPOSES, type UploadPurpose } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import { isRenderable } from '../../../shared/renditions';
import type { AssetView } from '../../../shared/schemas/asset';
import { useSession } from '../session/session-context';

// The library's grid, search and date pickers load only when someone opens it.
const LibraryPickerModal = lazy(() =>
  import('../media-library/LibraryPickerModal').then((module) => ({ default: module.LibraryPickerModal })),
);

/** The raster types a field takes: what may be chosen for it from the library. */
export const libraryTypesFor = (purpose: UploadPurpose): string[] =>
  (UPLOAD_PURPOSES[purpose].types as readonly string[]).filter(isRenderable);

/** Whether a field can offer the library: it takes pictures and the user may read the library (Read on Media). */
export function useLibraryOffered(purpose: UploadPurpose): boolean {
  const { user } = useSession();
  return libraryTypesFor(purpose).length > 0 && canAccess(user, 'Asset', ['Read']);
}

export interface LibraryChoiceProps {
  purpose: UploadPurpose;
  /** The field's label, to name the dialog ("Choose from library — Cover image"). */
  label: string;
  selectedId?: string | null;
  disabled?: boolean;
  onChoose: (asset: AssetView) => void;
  /** A smaller button beside Replace. */
  compact?: boolean;
  /** The button's words where "Choose from library" would not say it (the rich-text editor). */
  buttonLabel?: string;
}

/** Choose from library: a button that opens the library's pictures, filtered to what the field takes. */
export function LibraryChoice(props: LibraryChoiceProps) {
  const { purpose, label, selectedId, disabled, onChoose, compact, buttonLabel } = props;
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant={compact ? 'default' : 'light'}
        color={compact ? undefined : 'gray'}
        leftSection={<IconPhotoSearch size={14} />}
        onClick={() => setOpened(true)}
        disabled={disabled}
        aria-label={compact ? `Choose ${label} from library` : undefined}
      >
        {compact ? 'From library' : (buttonLabel ?? 'Choose from library')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LibraryPickerModal
            opened={opened}
            onClose={() => setOpened(false)}
            onChoose={onChoose}
            types={libraryTypesFor(purpose)}
            selectedId={selectedId}
            title={`Choose from library — ${label}`}
          />
        </Suspense>
      )}
    </>
  );
}
