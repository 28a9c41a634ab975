/**
 * Spec §7 paths serve both the screen and the API: a request that says it is an XHR
 * (X-Requested-With: XMLHttpRequest) or asks for JSON is rewritten to the handler under /api.
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['pdfkit', 'exceljs', 'bullmq', 'ioredis', 'pg', 'nodemailer'],
  async rewrites() {
    const apiPath = '/:path((?!api/|_next/).*)';
    return {
      beforeFiles: [
        { source: apiPath, has: [{ type: 'header', key: 'x-requested-with', value: 'XMLHttpRequest' }], destination: '/api/:path' },
        { source: apiPath, has: [{ type: 'header', key: 'accept', value: 'application/json.*' }], destination: '/api/:path' },
        // Plain HTML form posts (sign-in, sign-out, password e-mail) reach their handlers without JavaScript.
        { source: '/login', has: [{ type: 'header', key: 'content-type', value: 'application/x-www-form-urlencoded.*' }], destination: '/api/login' },
        { source: '/logout', destination: '/api/logout' },
        { source: '/password/email', destination: '/api/password/email' },
        { source: '/password/reset', destination: '/api/password/reset' },
      ],
    };
  },
};

export default nextConfig;
