import type { NextConfig } from 'next';
import { env } from './lib/env';
import { nextRewrites } from './lib/http/api-rewrites';
import { COMMON_SECURITY_HEADERS } from './lib/http/security-headers';

/** Spec §7 paths serve both the screens and the API; lib/http/api-rewrites.ts says which requests go where. */
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The Docker image's build (NEXT_OUTPUT=standalone) also writes .next/standalone: server.js with only the
  // files it needs, which is what the image ships. `npm start` (server/main.ts) serves .next itself.
  output: env.NEXT_OUTPUT,
  serverExternalPackages: ['pdfkit', 'exceljs', 'bullmq', 'ioredis', 'pg', 'nodemailer', 'prom-client', '@bull-board/api'],
  // The queue dashboard's page and scripts are files of @bull-board/ui read at run time (lib/observability/queue-board.ts).
  outputFileTracingIncludes: {
    '/api/admin/queue/[[...path]]': ['./node_modules/@bull-board/ui/package.json', './node_modules/@bull-board/ui/dist/**'],
  },
  // Every answer, pages, API and static files alike (lib/http/security-headers.ts says who adds the rest).
  async headers() {
    return [{ source: '/:path*', headers: [...COMMON_SECURITY_HEADERS] }];
  },
  async rewrites() {
    return { beforeFiles: nextRewrites() };
  },
};

export default nextConfig;
