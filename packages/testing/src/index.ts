// Everything exported from this file is the runtime-neutral test support of this repository.
// Node-only helpers (Chromium, the sandbox's pages) are in `@acctkit/testing/browser`.
export { FetchBrowser, redirectLocation } from './fetch-browser.js';
export { type MatrixSandbox, matrixSandbox } from './matrix-sandbox.js';
