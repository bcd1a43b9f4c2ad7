import { Button, Group, Modal, type ModalProps, Paper } from '@mantine/core';
import { notifySuccess } from '../common/notify';
import { useIsNarrow } from '../common/use-narrow';
import type { CurrentUser } from '../session/types';
import { EnrolmentFlow } from '../two-factor/EnrolmentFlow';
import { PasswordConfirmModal } from '../two-factor/PasswordConfirmModal';
import { RecoveryCodesPanel } from '../two-factor/RecoveryCodesPanel';
import { TwoFactorOnActions, TwoFactorStatus } from './TwoFactorStatus';
import { useTwoFactorChanges } from './use-two-factor-changes';

/** Profile: whether signing in asks for a code, and setting it up, renewing recovery codes or turning it off. */
export function TwoFactorCard({ user }: { user: CurrentUser }) {
  const narrow = useIsNarrow();
  const changes = useTwoFactorChanges();
  const { session, setup, starting, asking, setAsking, newCodes, setNewCodes } = changes;
  const { start, closeSetup, finishSetup, renew, turnOff } = changes;
  const on = user.twoFactorEnabled === true;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="two-factor-title">
      <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
        <TwoFactorStatus user={user} />
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
        <TwoFactorOnActions
          required={user.twoFactorRequired === true}
          onNewCodes={() => setAsking('codes')}
          onTurnOff={() => setAsking('off')}
        />
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
