import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FailureAlert } from '../common/FailureAlert';
import { useFieldSubmit } from '../common/use-field-submit';
import { enableTwoFactor } from './api';
import { StepHeading } from './StepHeading';

const SIX_DIGITS = /^\d{6}$/;

interface ConfirmStepProps {
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
}

/** Step 2: a code from the app and the password turn two-factor sign-in on. */
export function ConfirmStep({ onEnabled, onCancel }: ConfirmStepProps) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const { fieldError, failure, busy, run, clearFieldError } = useFieldSubmit();

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

  return (
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
  );
}
