import { DEMO_PASSWORD } from '../db/seed/demo-accounts';

/** Signs a user in at `base` through the sign-in endpoint, as the screen does; answers its cookie header. */
export async function signIn(base: string, email: string): Promise<string> {
  const xsrf = 'bench-xsrf-token';
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return `${res.headers.get('set-cookie')!.split(';')[0]}; XSRF-TOKEN=${xsrf}`;
}
