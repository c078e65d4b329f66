import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LOGIN_FAILED, NETWORK_ERROR } from '@hamlog/domain/messages';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';

function loginFailureText(err: unknown): string {
  if (isApiError(err) && err.isNetworkError) return NETWORK_ERROR;
  if (isApiError(err) && err.status === 429) return err.message; // too many attempts: say so
  return LOGIN_FAILED;
}

/** Email and password login. The failure text stays until the next key press. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const login = useLogin();

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess,
        onError: (err) => setFailure(loginFailureText(err)),
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} onKeyDown={() => failure && setFailure(null)}>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={login.isPending}>
          {login.isPending ? 'LOGGING IN…' : 'LOGIN'}
        </button>
        <Link to="/register" className="btn btn-link">
          Create Account
        </Link>
      </div>
    </form>
  );
}
