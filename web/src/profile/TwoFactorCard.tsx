import {
  Badge,
  Button,
  Group,
  Modal,
  type ModalProps,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconKey, IconShieldCheck, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { AUTH } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import type { TwoFactorSetup } from '../../../shared/schemas/auth';
import { errorMessage } from '../common/errors';
import { notifyError, notifySuccess } from '../common/notify';
import { useIsNarrow } from '../common/use-narrow';
import { useSession } from '../session/session-context';
import type { CurrentUser } from '../session/types';
import { disableTwoFactor, renewRecoveryCodes, startTwoFactorSetup } from '../two-factor/api';
import { EnrolmentFlow } from '../two-factor/EnrolmentFlow';
import { PasswordConfirmModal } from '../two-factor/PasswordConfirmModal';
import { RecoveryCodesPanel } from '../two-factor/RecoveryCodesPanel';

const REQUIRED_REASON = 'Your role requires two-factor sign-in, so it cannot be turned off';
/** Few enough recovery codes left that it is time for new ones. */
const LOW_CODES = 3;

/** Profile: whether signing in asks for a code, and setting it up, renewing recovery codes or turning it off. */
export function TwoFactorCard({ user }: { user: CurrentUser }) {
  const session = useSession();
  const narrow = useIsNarrow();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [asking, setAsking] = useState<'codes' | 'off' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const on = user.twoFactorEnabled === true;
  const left = user.recoveryCodesLeft;

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (error) {
      notifyError(errorMessage(error), 'Could not start the set-up');
    } finally {
      setStarting(false);
    }
  };

  const closeSetup = () => {
    setSetup(null);
    void session.refresh();
  };

  const finishSetup = () => {
    setSetup(null);
    notifySuccess('Two-factor sign-in is on. Next time you sign in, have your phone at hand.');
    void session.refresh();
  };

  const renew = async (password: string) => {
    const { recoveryCodes } = await renewRecoveryCodes(password);
    setAsking(null);
    setNewCodes(recoveryCodes);
  };

  const turnOff = async (password: string) => {
    await disableTwoFactor(password);
    setAsking(null);
    notifySuccess('Two-factor sign-in is off');
    await session.refresh();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="two-factor-title">
      <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
        <Group gap="md" wrap="nowrap" align="flex-start" miw={0}>
          <ThemeIcon size={40} radius="md" variant="light" color={on ? 'green' : 'gray'} style={{ flex: 'none' }}>
            {on ? <IconShieldCheck size={22} /> : <IconShieldLock size={22} />}
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="lg" id="two-factor-title">
                Two-factor sign-in
              </Title>
              <Badge color={on ? 'green' : 'gray'} variant="light">
                {on ? 'On' : 'Off'}
              </Badge>
              {user.twoFactorRequired && (
                <Badge color="brand" variant="outline">
                  Required by your role
                </Badge>
              )}
            </Group>
            {on ? (
              <Stack gap={2} mt={4}>
                <Text size="sm" c="dimmed">
                  {user.twoFactorEnabledAt ? `On since ${formatDateTime(user.twoFactorEnabledAt)}. ` : ''}
                  Signing in asks for a code from your authenticator app.
                </Text>
                {left !== undefined && (
                  <Text
                    size="sm"
                    c={left <= LOW_CODES ? 'orange.8' : 'dimmed'}
                    fw={left <= LOW_CODES ? 600 : undefined}
                  >
                    <IconKey size={14} style={{ verticalAlign: -2, marginRight: 4 }} aria-hidden />
                    {left === 0
                      ? 'No recovery codes left: create new ones now.'
                      : `${left} of ${AUTH.recoveryCodeCount} recovery codes left${left <= LOW_CODES ? ': time for new ones.' : ''}`}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" mt={4} maw={560}>
                Add a second step to signing in: a 6-digit code from an app on your phone. Someone who learns your
                password still cannot get in.
              </Text>
            )}
          </div>
        </Group>
        {!on && !narrow && (
          <Button onClick={() => void start()} loading={starting} style={{ flex: 'none' }}>
            Set up
          </Button>
        )}
      </Group>

      {!on && narrow && (
        <Button onClick={() => void start()} loading={starting} fullWidth mt="md">
          Set up
        </Button>
      )}
      {on && (
        <Group gap="sm" mt="lg" justify="flex-end" wrap="wrap">
          <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => setAsking('codes')}>
            New recovery codes
          </Button>
          {user.twoFactorRequired ? (
            <Tooltip
              label={REQUIRED_REASON}
              withArrow
              multiline
              maw={260}
              events={{ hover: true, focus: true, touch: true }}
            >
              <Button
                variant="default"
                color="red"
                leftSection={<IconShieldOff size={16} />}
                data-disabled
                aria-disabled
                aria-describedby="two-factor-required-reason"
                onClick={(event) => event.preventDefault()}
              >
                Turn off
              </Button>
            </Tooltip>
          ) : (
            <Button
              variant="light"
              color="red"
              leftSection={<IconShieldOff size={16} />}
              onClick={() => setAsking('off')}
            >
              Turn off
            </Button>
          )}
        </Group>
      )}
      {on && user.twoFactorRequired && (
        <Text id="two-factor-required-reason" size="xs" c="dimmed" ta="right" mt={6}>
          {REQUIRED_REASON}.
        </Text>
      )}

      <StepModal opened={setup !== null} onClose={closeSetup} title="Set up two-factor sign-in">
        {setup && (
          <EnrolmentFlow
            setup={setup}
            email={user.email}
            onDone={finishSetup}
            onEnabled={() => void session.refresh()}
            onCancel={closeSetup}
          />
        )}
      </StepModal>

      <PasswordConfirmModal
        opened={asking === 'codes'}
        title="New recovery codes"
        confirmLabel="Create new codes"
        onConfirm={renew}
        onClose={() => setAsking(null)}
      >
        You get ten new codes, and the ones you have now stop working. Enter your password to continue.
      </PasswordConfirmModal>
      <PasswordConfirmModal
        opened={asking === 'off'}
        title="Turn off two-factor sign-in"
        confirmLabel="Turn off"
        danger
        onConfirm={turnOff}
        onClose={() => setAsking(null)}
      >
        Signing in will ask only for your password, and your recovery codes stop working. Enter your password to
        continue.
      </PasswordConfirmModal>

      <StepModal
        opened={newCodes !== null}
        onClose={() => {
          setNewCodes(null);
          void session.refresh();
        }}
        title="Your new recovery codes"
      >
        {newCodes && (
          <RecoveryCodesPanel
            codes={newCodes}
            email={user.email}
            onDone={() => {
              setNewCodes(null);
              notifySuccess('New recovery codes saved; the old ones no longer work');
              void session.refresh();
            }}
          />
        )}
      </StepModal>
    </Paper>
  );
}

/** Setting up and new recovery codes: wide, the whole screen on a phone, not closed by a click beside it. */
function StepModal(props: Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'children'>) {
  const narrow = useIsNarrow();
  return <Modal {...props} size="lg" radius="md" centered fullScreen={narrow} closeOnClickOutside={false} />;
}
