import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useMatches, useNavigate, useSearchParams } from 'react-router';
import { signIn } from '../../client/session.ts';
import { SessionLoginSchema, type Environment, type SessionLogin } from '../../contract/session.ts';
import { knowSignedIn, sessionQueries } from '../session.queries.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { failureMessage } from '../ui/failure-message.ts';
import { whenIdle } from '../ui/later-module.ts';
import { Field } from '../ui/field.tsx';
import { EnvironmentChoice } from './environment-choice.tsx';
import './sign-in.css';
import '../ui/alert.css';

// The gateway answers 502-504 when the service behind it is down: the same as no answer.
const UNREACHABLE =
  'The service cannot be reached right now. Check that it is running, then try again.';

function signInFailure(error: unknown, environment: Environment | undefined): string {
  return failureMessage(error, {
    // Staging has credentials of its own: say where they were tried.
    401:
      environment === 'staging'
        ? 'That client id and secret did not work in staging. Check both and try again.'
        : 'That client id and secret did not work. Check both and try again.',
    network: UNREACHABLE,
    502: UNREACHABLE,
    503: UNREACHABLE,
    504: UNREACHABLE,
    otherwise: 'Signing in failed. Try again.',
  });
}

/** What the router hands this screen: a way to fetch the code of the screen it opens next. */
export interface SignInHandle {
  preloadNext: (path: string) => void;
}

/** Only same-site paths are followed after sign-in. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

const isSignInHandle = (handle: unknown): handle is SignInHandle =>
  typeof (handle as SignInHandle | undefined)?.preloadNext === 'function';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const next = safeNext(params.get('next'));
  // The next screen's code, fetched while the person types (router.tsx).
  const handle = useMatches().find((match) => isSignInHandle(match.handle))?.handle;
  useEffect(() => {
    if (!isSignInHandle(handle)) return undefined;
    return whenIdle(() => handle.preloadNext(next));
  }, [handle, next]);
  const { data: config } = useQuery(sessionQueries.config());
  const existing = useQuery({ ...sessionQueries.current(), throwOnError: false });
  const [form, setForm] = useState<SessionLogin>({ clientId: '', clientSecret: '' });
  // Offered only when the gateway has a staging upstream; production is the default.
  const environments = config?.environments ?? ['production'];
  const [environment, setEnvironment] = useState<Environment>('production');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof SessionLogin, string>>>({});
  const secretRef = useRef<HTMLInputElement>(null);
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      knowSignedIn(client, session);
      navigate(next, { replace: true });
    },
  });

  if (existing.data) return <Navigate to={next} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = environments.includes(environment) ? environment : 'production';
    // A console without staging is sent exactly what it always was.
    const parsed = SessionLoginSchema.safeParse(
      chosen === 'production' ? form : { ...form, environment: chosen },
    );
    if (!parsed.success) {
      const errors: Partial<Record<keyof SessionLogin, string>> = {};
      for (const issue of parsed.error.issues)
        errors[issue.path[0] as keyof SessionLogin] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data);
  };

  return (
    <main className="sign-in">
      <div className="sign-in__card panel">
        <div>
          <h1 className="sign-in__title">Sign in to Attest</h1>
          <p className="sign-in__lead">Use the client id and secret your administrator gave you.</p>
        </div>
        <form className="sign-in__form" onSubmit={submit} noValidate>
          {login.isError && (
            <p className="alert alert--block" role="alert">
              {signInFailure(login.error, login.variables?.environment)}
            </p>
          )}
          {environments.length > 1 && (
            <EnvironmentChoice
              options={environments}
              value={environment}
              onChange={setEnvironment}
            />
          )}
          <Field
            label="Client id"
            name="clientId"
            autoComplete="username"
            autoFocus
            value={form.clientId}
            error={fieldErrors.clientId}
            onChange={(e) => setForm({ ...form, clientId: e.target.value })}
          />
          <Field
            ref={secretRef}
            label="Client secret"
            name="clientSecret"
            type="password"
            autoComplete="current-password"
            value={form.clientSecret}
            error={fieldErrors.clientSecret}
            onChange={(e) => setForm({ ...form, clientSecret: e.target.value })}
          />
          <Button
            type="submit"
            variant="primary"
            block
            pending={login.isPending}
            pendingLabel="Signing in…"
          >
            Sign in
          </Button>
        </form>
        {config?.sandbox && config.demoLogins.length > 0 && (
          <section className="demo" aria-labelledby="demo-heading">
            <h2 className="demo__heading" id="demo-heading">
              Demo logins <Badge tone="warning">Sandbox</Badge>
            </h2>
            <ul className="demo__list">
              {config.demoLogins.map((demo) => (
                <li key={demo.clientId}>
                  <button
                    type="button"
                    className="demo__login"
                    onClick={() => {
                      setForm({ clientId: demo.clientId, clientSecret: demo.clientSecret });
                      setFieldErrors({});
                      secretRef.current?.focus();
                    }}
                  >
                    <span className="demo__id">{demo.clientId}</span>
                    <span className="demo__summary">
                      {demo.owner} · {demo.summary}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {/* Demo logins are listed only to a browser on the console's machine (ADR 012). */}
        {config?.sandbox && config.demoLogins.length === 0 && (
          <p className="demo demo__note">
            <Badge tone="warning">Sandbox</Badge> Demo logins are listed when the console is opened
            on the machine it runs on, and printed where it was started.
          </p>
        )}
      </div>
    </main>
  );
}
