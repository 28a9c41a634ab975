import { load } from './bench/load';
import { benchRequests } from './bench/requests';
import { seedBenchSuppliers } from './bench/suppliers';
const url = 'postgresql://postgres@127.0.0.1:5432/portal_bench';
const base = 'http://127.0.0.1:3200';
const suppliers = await seedBenchSuppliers(url);
const requests = await benchRequests(url, suppliers, 120);
const cookies = new Map<string, string>();
for (const s of suppliers) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
    body: JSON.stringify({ email: s.email, password: 'demo-Portal-2026' }),
  });
  cookies.set(s.email, res.headers.get('set-cookie')!.split(';')[0]);
}
let i = 0;
const next = () => {
  const r = requests[i++ % requests.length];
  return {
    path: r.path,
    headers: { cookie: cookies.get(r.supplier.email)!, 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': process.env.ENC ?? 'gzip' },
  };
};
await load('warm', base, next, { duration: 5 });
console.log(await load('api', base, next, { duration: Number(process.env.D ?? 10), connections: Number(process.env.C ?? 20) }));
