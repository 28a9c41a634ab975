import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  // `const { dropped, ...kept } = row` is how we leave a field out; that is not an unused variable.
  { rules: { '@typescript-eslint/no-unused-vars': ['warn', { ignoreRestSiblings: true }] } },
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'db/migrations/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      '.scratch*/**',
    ],
  },
];
export default config;
