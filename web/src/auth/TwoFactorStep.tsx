import { Anchor, Button, Group, Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../api/client';
import { FailureAlert } from '../common/FailureAlert';
import { SmallButton } from '../common/SmallButton';
import { useFieldSubmit } from '../common/use-field-submit';
import type { CurrentUser } from '../session/types';
import { loginFailure } from './sign-in';

export interface TwoFactorStepProps {
  /** What POST /auth/login answered for a right password when the account has two-factor sign-in. */
  challenge: string;
  /** Back to email and password; with a message when the challenge has run out. */
  onBack: (message?: string) => void;
  /** The code was right: the session's token and user. */
  onSignedIn: (token: string, user: CurrentUser) => void;
}

const SIX_DIGITS = /^\d{6}$/;
const EXPIRED = /expired|sign in again|too long/i;
export const CHALLENGE_EXPIRED_MESSAGE = 'That took too long. Sign in again with your email and password.';

/** The code field of each way in: a recovery code, or the authenticator app's 6 digits. */
const CODE_FIELDS = {
  recovery: {
    label: 'Recovery code',
    placeholder: 'xxxxx-xxxxx',
    autoComplete: 'off',
    autoCapitalize: 'off',
    spellCheck: false,
    maxLength: 32,
    styles: {
      input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em', textAlign: 'center' },
    },
  },
  totp: {
    label: 'Authentication code',
    placeholder: '123456',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 7,
    styles: {
      input: { letterSpacing: '0.35em', fontSize: 22, fontVariantNumeric: 'tabular-nums', textAlign: 'center' },
    },
  },
} satisfies Record<string, TextInputProps>;

/**
 * The second step of sign-in, on the login card: the 6-digit code from the authenticator app, or one of the
 * recovery codes. A challenge that ran out (or was used) sends the user back to the password step.
 */
export function TwoFactorStep({ challenge, onBack, onSignedIn }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const { fieldError, failure, busy, run, clear } = useFieldSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = recovery ? code.trim() : code.replace(/\s+/g, '');
    const valid = recovery ? typed !== '' : SIX_DIGITS.test(typed);
    const problem = recovery ? 'Enter one of your recovery codes' : 'Enter the 6 digits your app shows';
    const verify = async () => {
      const result = await api('POST /auth/login/two-factor', { body: { challenge, code: typed }, auth: false });
      if (result.twoFactorRequired) throw new ApiError(401, CHALLENGE_EXPIRED_MESSAGE);
      onSignedIn(result.token, result.user);
    };
    return run(valid ? null : problem, verify, {
      failure: (error) => {
        if (error instanceof ApiError && (error.status === 401 || EXPIRED.test(error.message))) {
          onBack(error.status === 401 && EXPIRED.test(error.message) ? error.message : CHALLENGE_EXPIRED_MESSAGE);
          return null;
        }
        return loginFailure(error);
      },
    });
  };

  const mode = recovery ? 'recovery' : 'totp';

  const switchMode = () => {
    setRecovery((value) => !value);
    setCode('');
    clear();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Two-factor sign-in">
      <Title order={1} fz={24} mb={4}>
        Two-factor sign-in
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Text>
      <Stack gap="md">
        <FailureAlert>{failure}</FailureAlert>
        <TextInput
          key={mode}
          {...CODE_FIELDS[mode]}
          autoFocus
          size="md"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={fieldError}
        />
        <Button type="submit" fullWidth size="md" mt="xs" loading={busy}>
          Verify
        </Button>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SmallButton color="gray" icon={IconArrowLeft} onClick={() => onBack()} disabled={busy}>
            Back
          </SmallButton>
          <Anchor component="button" type="button" size="sm" onClick={switchMode} disabled={busy}>
            {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
