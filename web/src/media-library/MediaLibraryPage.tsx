import { Badge, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ScreenProps } from '../app/screen';
import { PageHeader } from '../common/PageHeader';
import { AssetDrawer } from './AssetDrawer';
import { type AssetView, useCoversWithoutAlt } from './api';
import { CoversWithoutAlt } from './CoversWithoutAlt';
import { LibraryBrowser } from './LibraryBrowser';
import { readLibraryFilters, withLibraryFilters } from './library-query';

/**
 * The media library: every file uploaded anywhere, pictures as a grid and the rest as a list, searched by name,
 * alt text, caption and credit and filtered by kind, uploader and day, by cursor; a file opens in a panel. The
 * second tab lists the covers still without alt text.
 */
export function MediaLibraryPage({ title }: ScreenProps) {
  const [params, setParams] = useSearchParams();
  const filters = readLibraryFilters(params);
  const tab = params.get('tab') === 'needs-alt' ? 'needs-alt' : 'files';
  const [open, setOpen] = useState<AssetView | null>(null);
  const missing = useCoversWithoutAlt().data?.list.length ?? 0;
  const setTab = (next: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'needs-alt') updated.set('tab', next);
      else updated.delete('tab');
      return updated;
    });

  return (
    <>
      <PageHeader
        title={title}
        description="Every picture, video and document uploaded to the site. Open one to add alt text, a caption and credit, set where crops centre, and see where it is used."
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="files" leftSection={<IconPhoto size={16} />}>
            All files
          </Tabs.Tab>
          <Tabs.Tab
            value="needs-alt"
            leftSection={<IconAlertTriangle size={16} />}
            rightSection={
              missing > 0 ? (
                <Badge size="sm" color="orange" circle aria-label={`${missing} covers`}>
                  {missing}
                </Badge>
              ) : undefined
            }
          >
            Covers without alt text
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="files">
          <LibraryBrowser
            filters={filters}
            onFilters={(next) => setParams((current) => withLibraryFilters(current, next))}
            onOpen={setOpen}
          />
        </Tabs.Panel>
        <Tabs.Panel value="needs-alt">
          <CoversWithoutAlt onOpen={setOpen} />
        </Tabs.Panel>
      </Tabs>
      <AssetDrawer asset={open} onClose={() => setOpen(null)} />
    </>
  );
}
