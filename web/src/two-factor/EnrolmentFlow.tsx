import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { TwoFactorSetup } from '../../../shared/schemas/auth';
import { ConfirmStep } from './ConfirmStep';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { ScanStep } from './ScanStep';
import { StepHeading } from './StepHeading';

export interface EnrolmentFlowProps {
  /** The secret POST /auth/two-factor/setup returned (started by the caller, on a click). */
  setup: TwoFactorSetup;
  /** Whose account: written into the recovery codes file. */
  email: string;
  /** After the recovery codes are saved. */
  onDone: () => void;
  /** The moment the code is accepted: two-factor sign-in is on from here, saved codes or not. */
  onEnabled?: () => void;
  /** Shown beside Turn on while the code is asked for (the profile's dialog); absent on the forced screen. */
  onCancel?: () => void;
}

/**
 * Connecting an authenticator app: scan the QR code (or type the key), confirm with a code and the password, then
 * save the ten recovery codes shown once. Two-factor sign-in is on from the moment the code is accepted.
 */
export function EnrolmentFlow({ setup, email, onDone, onEnabled, onCancel }: EnrolmentFlowProps) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const enabled = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    onEnabled?.();
  };
  return (
    <Stack gap="lg">
      {codes ? (
        <>
          <Group gap="sm" wrap="nowrap" role="status">
            <ThemeIcon size={28} radius="xl" color="green" variant="light" style={{ flex: 'none' }}>
              <IconCheck size={16} />
            </ThemeIcon>
            <Text fw={600}>Two-factor sign-in is on for your account.</Text>
          </Group>
          <StepHeading n={3}>Save your recovery codes</StepHeading>
          <RecoveryCodesPanel codes={codes} email={email} onDone={onDone} />
        </>
      ) : (
        <ConnectApp setup={setup} onEnabled={enabled} onCancel={onCancel} />
      )}
    </Stack>
  );
}

interface ConnectAppProps {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
}

/** Steps 1 and 2: connect the app, then confirm with a code from it and the password. */
function ConnectApp({ setup, onEnabled, onCancel }: ConnectAppProps) {
  return (
    <Stack gap="xl">
      <ScanStep setup={setup} />
      <ConfirmStep onEnabled={onEnabled} onCancel={onCancel} />
    </Stack>
  );
}
