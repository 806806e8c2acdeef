/** The environment variable through which the global setup hands its sandbox to the test workers. */
export const SANDBOX_ENV = 'ACCTKIT_TEST_SANDBOX';
