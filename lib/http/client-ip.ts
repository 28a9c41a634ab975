/** The caller's address as the proxy in front of us reports it; 'local' when there is none (direct or tests). */
export function clientIp(req: Request): string {
  return (req.headers.get('x-forwarded-for') ?? req.headers.get('x-real-ip') ?? 'local').split(',')[0].trim() || 'local';
}
