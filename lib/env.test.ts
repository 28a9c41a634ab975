import { defaultWebProcesses, productionSecretProblem } from './env';

describe('productionSecretProblem', () => {
  const long = 'a-long-random-secret-of-44-characters-xxxxxx';

  it('refuses the public defaults and short secrets in production only', () => {
    expect(productionSecretProblem({ NODE_ENV: 'production', NEXTAUTH_SECRET: 'dev-only-secret-change-me-in-production' })).toMatch(
      /public default/,
    );
    expect(productionSecretProblem({ NODE_ENV: 'production', NEXTAUTH_SECRET: 'change-me-to-a-long-random-secret' })).toMatch(
      /public default/,
    );
    expect(productionSecretProblem({ NODE_ENV: 'production', NEXTAUTH_SECRET: 'x'.repeat(31) })).toMatch(/shorter than 32/);
    expect(productionSecretProblem({ NODE_ENV: 'production', NEXTAUTH_SECRET: long })).toBeNull();
    expect(productionSecretProblem({ NODE_ENV: 'development', NEXTAUTH_SECRET: 'dev-only-secret-change-me-in-production' })).toBeNull();
    expect(productionSecretProblem({ NODE_ENV: 'test', NEXTAUTH_SECRET: 'x'.repeat(16) })).toBeNull();
  });
});

describe('defaultWebProcesses', () => {
  it('leaves one core to PostgreSQL and the worker, and runs at least one web process', () => {
    expect([1, 2, 4, 8].map(defaultWebProcesses)).toEqual([1, 1, 3, 7]);
  });
});
