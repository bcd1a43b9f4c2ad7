import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconFileText, IconPhoto, IconPlus, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** The contract's 'Create Blog' link (CONTRACT.md §2), with the other kinds of content one click away in its menu. */
export function CreateArticleMenu() {
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        component={Link}
        to="/article/create"
        leftSection={<IconPlus size={18} />}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        Create Blog
      </Button>
      <Menu position="bottom-end" shadow="md" width={200} withinPortal>
        <Menu.Target>
          <ActionIcon
            size={36}
            aria-label="More to create"
            style={{
              borderTopLeftRadius: 0,
              borderBottomLeftRadius: 0,
              borderLeft: '1px solid rgb(255 255 255 / 35%)',
            }}
          >
            <IconChevronDown size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Create</Menu.Label>
          <Menu.Item component={Link} to="/article/video/create" leftSection={<IconVideo size={16} />}>
            Video
          </Menu.Item>
          <Menu.Item component={Link} to="/article/gallery/create" leftSection={<IconPhoto size={16} />}>
            Gallery
          </Menu.Item>
          <Menu.Item component={Link} to="/page/create" leftSection={<IconFileText size={16} />}>
            Page
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
