// Everything exported from this file is the Node-only test support of this repository: Debian
// Chromium through playwright-core, and the sandbox's sign-in and consent pages driven in it.
export {
  approveSandboxConsent,
  type SandboxConsentOptions,
  type SandboxCredentials,
  signInToSandbox,
} from './approve-sandbox-consent.js';
export {
  CHROMIUM_ARGS,
  chromiumExecutablePath,
  type LaunchChromiumOptions,
  type LaunchedChromium,
  launchChromium,
} from './launch-chromium.js';
