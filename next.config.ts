import type { NextConfig } from 'next';
import { nextRewrites } from './lib/http/api-rewrites';

/** Spec §7 paths serve both the screens and the API; lib/http/api-rewrites.ts says which requests go where. */
const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['pdfkit', 'exceljs', 'bullmq', 'ioredis', 'pg', 'nodemailer'],
  async rewrites() {
    return { beforeFiles: nextRewrites() };
  },
};

export default nextConfig;
