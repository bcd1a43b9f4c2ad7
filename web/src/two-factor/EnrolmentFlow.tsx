import {
  Anchor,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { TwoFactorSetup } from '../../../shared/schemas/auth';
import { FailureAlert } from '../common/FailureAlert';
import { useFieldSubmit } from '../common/use-field-submit';
import { useIsNarrow } from '../common/use-narrow';
import { enableTwoFactor, groupSecret } from './api';
import { QrCode } from './QrCode';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

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

const SIX_DIGITS = /^\d{6}$/;

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

function StepHeading({ n, children }: { n: number; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <ThemeIcon size={24} radius="xl" variant="light" style={{ flex: 'none' }} aria-hidden>
        <Text size="xs" fw={700}>
          {n}
        </Text>
      </ThemeIcon>
      <Title order={2} fz="md" lh={1.5}>
        {children}
      </Title>
    </Group>
  );
}

interface ConnectAppProps {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
}

function ConnectApp({ setup, onEnabled, onCancel }: ConnectAppProps) {
  const narrow = useIsNarrow();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const { fieldError, failure, busy, run, clearFieldError } = useFieldSubmit();
  const [showKey, setShowKey] = useState(false);
  const grouped = groupSecret(setup.secret);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    const codeProblem = SIX_DIGITS.test(typed) ? null : 'Enter the 6 digits your app shows';
    // The password too: an access token alone must not turn this on (CONTRACT.md §7).
    const passwordProblem = password ? null : 'Password is required';
    setPasswordError(passwordProblem);
    if (passwordProblem && !codeProblem) {
      clearFieldError();
      return;
    }
    const enable = async () => {
      const { recoveryCodes } = await enableTwoFactor(typed, password);
      onEnabled(recoveryCodes);
    };
    return run(codeProblem, enable);
  };

  const keyBlock = (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        Or type this key into the app (time-based, 6 digits):
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          fz={{ base: 'sm', sm: 'md' }}
          fw={600}
          px="sm"
          py={6}
          style={{ letterSpacing: '0.06em', wordSpacing: '0.2em', overflowWrap: 'anywhere', flex: '1 1 auto' }}
          aria-label="Set-up key"
          data-testid="two-factor-secret"
        >
          {grouped}
        </Code>
        <CopyButton value={setup.secret} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy the key'} withArrow>
              <Button
                variant="default"
                size="compact-md"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                color={copied ? 'green' : undefined}
                style={{ flex: 'none' }}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <StepHeading n={1}>Scan this QR code with your authenticator app</StepHeading>
        <Text size="sm" c="dimmed">
          Google Authenticator, Microsoft Authenticator, 1Password, Authy or any app for time-based codes. In the app,
          add an account and choose to scan a QR code.
        </Text>
        <Group align="flex-start" gap="lg" wrap={narrow ? 'wrap' : 'nowrap'}>
          <Box
            p={6}
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 12 }}
            mx={narrow ? 'auto' : undefined}
          >
            <QrCode value={setup.uri} size={narrow ? 184 : 176} label="QR code for your authenticator app" />
          </Box>
          <Box style={{ flex: '1 1 240px', minWidth: 0 }}>
            {narrow && (
              // On a phone the code cannot be scanned by that phone: its app can take the account straight away.
              <Button
                component="a"
                href={setup.uri}
                variant="light"
                fullWidth
                mb="sm"
                h="auto"
                py={8}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
              >
                Add to an authenticator app on this phone
              </Button>
            )}
            {narrow && !showKey ? (
              <Anchor component="button" type="button" size="sm" onClick={() => setShowKey(true)}>
                Can’t scan it? Enter a key instead
              </Anchor>
            ) : (
              keyBlock
            )}
          </Box>
        </Group>
      </Stack>

      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Confirm two-factor sign-in">
        <Stack gap="sm">
          <StepHeading n={2}>Enter the 6-digit code the app shows, and your password</StepHeading>
          <FailureAlert>{failure}</FailureAlert>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="6-digit code"
              placeholder="123456"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                if (fieldError) clearFieldError();
              }}
              error={fieldError}
              w={200}
              styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums', fontSize: 18 } }}
            />
            <PasswordInput
              label="Your password"
              description="To make sure it is you"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                if (passwordError) setPasswordError(null);
              }}
              error={passwordError}
              w={260}
            />
          </Group>
          <Group gap="sm" mt="xs">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={busy}>
              Turn on two-factor sign-in
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
