import { ActionIcon, AppShell, Box, Burger, Group, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { APP_NAME } from '../../../shared/constants';
import { ContentLoader } from '../common/LoadingScreen';
import { SiteMark } from '../site/SiteMark';
import { useSiteBrand } from '../site/use-site-detail';
import { AdminProviders, HEADER_HEIGHT } from './AdminProviders';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { NotificationBell } from './NotificationBell';
import { PaletteLauncher } from './palette/PaletteLauncher';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

/** Header, sidebar and content area around every screen but login (CONTRACT.md §2). */
export function AdminLayout() {
  const brand = useSiteBrand();
  const { pathname } = useLocation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopCollapsed, setDesktopCollapsed] = useLocalStorage({
    key: 'sidebarCollapsed',
    defaultValue: false,
  });

  // A new page starts at the top, and the mobile drawer closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    window.scrollTo(0, 0);
    mobile.close();
  }, [pathname, mobile.close]);

  const toggleLabel = desktopCollapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <AdminProviders>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed } }}
        padding={{ base: 'md', sm: 'lg', lg: 'xl' }}
      >
        <AppShell.Header>
          <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger
                opened={mobileOpened}
                onClick={mobile.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
              />
              <Tooltip label={toggleLabel} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  onClick={() => setDesktopCollapsed((value) => !value)}
                  visibleFrom="sm"
                  aria-label={toggleLabel}
                >
                  {desktopCollapsed ? (
                    <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
                  ) : (
                    <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
                  )}
                </ActionIcon>
              </Tooltip>
              <UnstyledButton component={Link} to="/admin" aria-label={`${brand.name} home`} miw={0}>
                <SiteMark brand={brand} size={34} />
              </UnstyledButton>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <PaletteLauncher />
              <Box visibleFrom="sm">
                <ColorSchemeToggle />
              </Box>
              <NotificationBell />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm">
          <AppShell.Section grow component={ScrollArea} type="scroll" mx={-4} px={4}>
            <Sidebar onNavigate={mobile.close} />
          </AppShell.Section>
          <AppShell.Section pt="sm" mt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text size="xs" c="dimmed" px="sm">
              {APP_NAME}
            </Text>
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main bg="var(--app-page-bg)">
          <Box maw={1360} mx="auto">
            <Suspense fallback={<ContentLoader />}>
              <Outlet />
            </Suspense>
          </Box>
        </AppShell.Main>
      </AppShell>
    </AdminProviders>
  );
}
