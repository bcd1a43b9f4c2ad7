import { Badge, Button, Menu, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAd2, IconCategory, IconChevronDown, IconPhoto, IconPlus, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SectionType } from '../../../shared/schemas/layout';

export const ADVERTISEMENT_NOTICE = 'Advertisement sections are not available yet';

export const SECTION_TYPE_ICONS: Record<SectionType, ReactNode> = {
  Category: <IconCategory size={16} />,
  Video: <IconVideo size={16} />,
  Gallery: <IconPhoto size={16} />,
};

const TYPE_HINTS: Record<SectionType, string> = {
  Category: 'Stories from one category',
  Video: 'Published videos',
  Gallery: 'Published photo galleries',
};

/** Add section: a Category, Video or Gallery section; Advertisement is offered but adds nothing (CONTRACT.md §2). */
export function AddSectionMenu({
  onAdd,
  disabledReason,
}: {
  onAdd: (type: SectionType) => void;
  disabledReason: string | null;
}) {
  const button = (
    <Button
      leftSection={<IconPlus size={16} />}
      rightSection={<IconChevronDown size={14} />}
      disabled={Boolean(disabledReason)}
    >
      Add section
    </Button>
  );
  if (disabledReason) {
    return (
      <Tooltip label={disabledReason} withArrow>
        <span>{button}</span>
      </Tooltip>
    );
  }
  return (
    // Opens beside its button, inside the page's main landmark, not at the end of the page.
    <Menu position="bottom-end" width={280} withinPortal={false} shadow="md">
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Section type</Menu.Label>
        {(['Category', 'Video', 'Gallery'] as const).map((type) => (
          <Menu.Item key={type} leftSection={SECTION_TYPE_ICONS[type]} onClick={() => onAdd(type)}>
            <Text size="sm">{type}</Text>
            <Text size="xs" c="dimmed">
              {TYPE_HINTS[type]}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* CONTRACT.md §2: offered, but it does nothing; the API has no such section. */}
        <Menu.Item
          leftSection={<IconAd2 size={16} />}
          rightSection={
            <Badge size="xs" variant="light" color="gray">
              Soon
            </Badge>
          }
          onClick={() =>
            notifications.show({
              color: 'gray',
              title: ADVERTISEMENT_NOTICE,
              message: 'Nothing was added. Choose a Category, Video or Gallery section instead.',
              autoClose: 5000,
            })
          }
        >
          <Text size="sm">Advertisement</Text>
          <Text size="xs" c="dimmed">
            Not available yet
          </Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
