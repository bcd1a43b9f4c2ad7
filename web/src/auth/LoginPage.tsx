import { Alert, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { APP_NAME, LOADING_TEXT } from '../../../shared/constants';
import type { loginSchema } from '../../../shared/schemas/auth';
import type * as z from '../../../shared/schemas/z';
import { api } from '../api/client';
import { FailureAlert } from '../common/FailureAlert';
import { inputBinder } from '../common/form/input-binder';
import { useSession } from '../session/session-context';
import type { CurrentUser } from '../session/types';
import { SiteMark } from '../site/SiteMark';
import { useSiteBrand } from '../site/use-site-detail';
import { loginFailure } from './sign-in';

type LoginForm = z.input<typeof loginSchema>;
type LoginValues = z.output<typeof loginSchema>;

/**
 * The shared login schema and zod (~16 KB gzip) load when the first character is typed or the form is submitted,
 * not with the page (nor on the Email field's autofocus): the sign-in screen paints with less JavaScript, and the
 * messages still come from the shared schema.
 */
let loginResolver: Promise<Resolver<LoginForm, unknown, LoginValues>> | undefined;
const loadLoginResolver = () => {
  loginResolver ??= Promise.all([import('@hookform/resolvers/zod'), import('../../../shared/schemas/auth')]).then(
    ([{ zodResolver }, { loginSchema: schema }]) => zodResolver(schema),
  );
  return loginResolver;
};
const lazyLoginResolver: Resolver<LoginForm, unknown, LoginValues> = async (values, context, options) =>
  (await loadLoginResolver())(values, context, options);

// The second step (a code from the authenticator app) is fetched only by those who have one.
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));

export interface LoginPageProps {
  /**
   * The visitor is signing in (typing, or sending the form; called again each time): the code of the screen
   * sign-in opens can start loading, while they type and while the password is checked.
   */
  onSigningIn?: () => void;
  /** Signed in (the token stored, the session holding the user): the screen's reads can start. */
  onSignedIn?: (user: CurrentUser) => void;
}

/**
 * CONTRACT.md §2 Login: email, password and Login; on success the token is stored and the app opens the screen asked
 * for, without a reload (the user comes with the token). When the account has two-factor sign-in, the same card
 * then asks for a code from the authenticator app (or a recovery code). The site's branding shows from the copy
 * the last visit kept while it is read again (app/brand-cache.ts); the form never waits for it.
 */
export function LoginPage({ onSigningIn, onSignedIn }: LoginPageProps) {
  const brand = useSiteBrand();
  const login = usePasswordSignIn({ onSigningIn, onSignedIn });
  return (
    <Box
      component="main"
      mih="100vh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--app-brand-wash), transparent 60%), radial-gradient(900px 500px at 110% 110%, light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-6)), transparent 60%), var(--app-page-bg)',
      }}
    >
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <SiteMark brand={brand} size={44} />
          </Center>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
            {login.challenge ? (
              <Suspense
                fallback={
                  <Text size="sm" c="dimmed">
                    {LOADING_TEXT}
                  </Text>
                }
              >
                <TwoFactorStep challenge={login.challenge} onBack={login.backToPassword} onSignedIn={login.finish} />
              </Suspense>
            ) : (
              <PasswordStep login={login} onSigningIn={onSigningIn} />
            )}
          </Paper>
          <Text ta="center" size="xs" c="dimmed">
            {brand.name === APP_NAME ? APP_NAME : `${brand.name} · ${APP_NAME}`} · Staff access only
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

/**
 * The sign-in's state: the form, its failure or notice, and the two-factor challenge when the password was right
 * but the account asks for a code.
 */
function usePasswordSignIn({ onSigningIn, onSignedIn }: LoginPageProps) {
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm<LoginForm, unknown, LoginValues>({
    resolver: lazyLoginResolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { handleSubmit, resetField } = form;

  const finish = (token: string, user: CurrentUser) => {
    setSignedIn(true);
    session.signIn(token, user);
    onSignedIn?.(user);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setNotice(null);
    try {
      const answer = api('POST /auth/login', { body: values, auth: false });
      // Sent first, so no code still to fetch queues ahead of it.
      onSigningIn?.();
      const result = await answer;
      if (result.twoFactorRequired) {
        setChallenge(result.challenge);
        return;
      }
      finish(result.token, result.user);
    } catch (error) {
      setFailure(loginFailure(error));
    }
  });

  /** Back to email and password: by choice, or because the code step took too long. */
  const backToPassword = (message?: string) => {
    setChallenge(null);
    setFailure(null);
    setNotice(message ?? null);
    resetField('password');
  };

  return { form, failure, notice, signedIn, challenge, finish, onSubmit, backToPassword };
}

/** The first step: the heading, then email and password with Login. */
function PasswordStep(props: { login: ReturnType<typeof usePasswordSignIn>; onSigningIn?: () => void }) {
  const { login, onSigningIn } = props;
  const { form, notice, failure, signedIn, onSubmit } = login;
  const input = inputBinder(form);
  return (
    <>
      <Title order={1} fz={24} mb={4}>
        Sign in
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Welcome back. Sign in to the {APP_NAME} to manage your site.
      </Text>
      <form
        onSubmit={onSubmit}
        onInput={() => {
          void loadLoginResolver();
          onSigningIn?.();
        }}
        noValidate
      >
        <Stack gap="md">
          {notice && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
              {notice}
            </Alert>
          )}
          <FailureAlert>{failure}</FailureAlert>
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="username"
            autoFocus
            {...input('email')}
          />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            {...input('password')}
          />
          <Button type="submit" fullWidth size="md" mt="xs" loading={form.formState.isSubmitting || signedIn}>
            Login
          </Button>
        </Stack>
      </form>
    </>
  );
}
