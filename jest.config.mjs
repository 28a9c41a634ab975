import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });
const shared = { moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' } };

// Two projects: fast unit/component tests beside the code, and integration tests on the real PostgreSQL and Redis.
export default async function config() {
  const unit = await createJestConfig({
    ...shared,
    displayName: 'unit',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/{lib,components,app,db,jobs,emails}/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  })();
  const integration = await createJestConfig({
    ...shared,
    displayName: 'integration',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
    setupFiles: ['<rootDir>/tests/integration/env.ts'],
    globalSetup: '<rootDir>/tests/integration/global-setup.ts',
    testTimeout: 30000,
  })();
  return { projects: [unit, integration] };
}
