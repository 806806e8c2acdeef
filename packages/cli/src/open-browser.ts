import { CliError } from './cli-error.js';
import type { Io } from './io.js';

/**
 * Why no browser can be opened on this machine, or `undefined` when one may be: on Linux and the
 * other Unix systems a browser needs a display (`DISPLAY`, `WAYLAND_DISPLAY`) or a `BROWSER` command,
 * which an SSH session, a container or a CI runner usually lacks. macOS, Windows and WSL always have
 * an opener.
 *
 * @param env - The environment to look at.
 * @param platform - The operating system (default: this one).
 */
export function noBrowserReason(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (platform === 'darwin' || platform === 'win32') return undefined;
  if (env.DISPLAY || env.WAYLAND_DISPLAY || env.BROWSER || env.WSL_DISTRO_NAME) return undefined;
  return 'no DISPLAY, WAYLAND_DISPLAY or BROWSER is set';
}

/** The error that ends a login when no browser can be opened: it says how to log in without one. */
export function noBrowserError(reason: string, cause?: unknown): CliError {
  return new CliError(
    'LOGIN',
    `No browser can be opened here (${reason}). Run the same \`acctkit login\` with --no-browser: it prints the page to open on any device, and you paste back the address the browser ends on (or its code).`,
    { cause },
  );
}

/**
 * Opens `url` with `io.openUrl`, else the system's opener (the `open` package). The promise only ever
 * rejects: with {@link noBrowserError} when the opener fails, at once or when it exits with an error
 * (as `xdg-open` does when it finds no browser), so a login can race it against the redirect instead
 * of waiting for an answer that cannot come.
 */
export function openBrowser(url: string, io: Io): Promise<never> {
  return new Promise<never>((_, reject) => {
    const fail = (reason: string, cause?: unknown): void => reject(noBrowserError(reason, cause));
    if (io.openUrl) {
      io.openUrl(url).catch((cause: unknown) =>
        fail(`opening it failed: ${(cause as Error)?.message}`, cause),
      );
      return;
    }
    import('open')
      .then(({ default: open }) => open(url))
      .then(
        (opener) => {
          opener.once('error', (cause) => fail('the browser opener could not start', cause));
          opener.once('exit', (code) => {
            if (code) fail(`the browser opener exited with code ${code}`);
          });
        },
        (cause: unknown) => fail('the browser opener could not start', cause),
      );
  });
}
