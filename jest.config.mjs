import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });
// .next/standalone holds a copy of package.json (the build's server bundle), which Jest must not index.
const shared = { moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' }, modulePathIgnorePatterns: ['<rootDir>/.next/'] };

// nuqs (the lists' address-bar state) ships only ES modules: Jest transforms it like our own code,
// where next/jest leaves every other package in node_modules as it is.
const transformingEsm = (config) => ({
  ...config,
  transformIgnorePatterns: config.transformIgnorePatterns.map((pattern) => pattern.replace('(?!(geist|', '(?!(nuqs|geist|')),
});

// Fast unit/component tests beside the code, integration tests on the real PostgreSQL and Redis, and deploy tests.
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
    setupFilesAfterEnv: ['<rootDir>/tests/integration/close-connections.ts'],
    globalSetup: '<rootDir>/tests/integration/global-setup.ts',
    testTimeout: 30000,
  })();
  // The portal's own commands run as processes (the demo on an embedded database, the compose file's
  // commands); after `next build`, as npm test runs it.
  const deploy = await createJestConfig({
    ...shared,
    displayName: 'deploy',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/deploy/**/*.test.ts'],
    testTimeout: 300000,
  })();
  return { projects: [transformingEsm(unit), transformingEsm(integration), deploy] };
}
