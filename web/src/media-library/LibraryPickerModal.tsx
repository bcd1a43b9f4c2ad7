import { Modal } from '@mantine/core';
import { useState } from 'react';
import { FILE_TYPES } from '../../../shared/constants';
import { useIsNarrow } from '../common/use-narrow';
import { type AssetView, type LibraryFilters, NO_FILTERS } from './api';
import { LibraryBrowser } from './LibraryBrowser';

export interface LibraryPickerModalProps {
  opened: boolean;
  onClose: () => void;
  /** The picture chosen: the field takes it as it would an upload. */
  onChoose: (asset: AssetView) => void;
  /** The content types the field takes (png and jpeg for photo fields). */
  types: readonly string[];
  /** The field's current file, marked in the grid. */
  selectedId?: string | null;
  title?: string;
}

const typeList = (types: readonly string[]) =>
  types.map((t) => (FILE_TYPES as Record<string, string>)[t]?.toUpperCase() ?? t).join(', ');

/** Choose from library: the library's grid and search, pictures only; a click on one chooses it. */
export function LibraryPickerModal(props: LibraryPickerModalProps) {
  const { opened, onClose, onChoose, types, selectedId, title = 'Choose from library' } = props;
  const narrow = useIsNarrow();
  const [filters, setFilters] = useState<LibraryFilters>({ ...NO_FILTERS, kind: 'image' });
  const refusal = (asset: AssetView) => {
    if (asset.status !== 'verified') return 'This file has not been verified';
    return types.includes(asset.type) ? null : `This field takes ${typeList(types)} only`;
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="min(1100px, 94vw)"
      fullScreen={narrow}
      radius="md"
      styles={{ title: { fontWeight: 700 } }}
    >
      {/*
        React sends events up through a portal to the components around it: the search form's submit would
        otherwise reach the record's own form (an article editor's) and save it.
      */}
      {opened && (
        <div onSubmit={(event) => event.stopPropagation()}>
          <LibraryBrowser
            filters={filters}
            onFilters={(next) => setFilters({ ...next, kind: 'image' })}
            onOpen={(asset) => {
              onChoose(asset);
              onClose();
            }}
            picker={{ refusal, selectedId }}
          />
        </div>
      )}
    </Modal>
  );
}
