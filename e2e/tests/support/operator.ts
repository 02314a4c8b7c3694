/** The operator account apps/server/test/e2e-operator-seed.ts makes before the e2e server starts. */
export const E2E_OPERATOR = {
  email: 'olga.operator@studio-example.com',
  fullName: 'Olga Operator',
  password: 'console-keys-42',
} as const;
