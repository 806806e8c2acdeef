import { randomBytes } from 'node:crypto';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';

/**
 * Replaces `file` with `text` atomically: a temporary file with mode 0600 in the same folder, then a
 * rename, so a reader sees the old or the new file, never half of one. On failure the temporary file
 * is removed and the error is thrown as it came; the caller reports it. The folder must exist.
 *
 * @example
 * ```ts
 * import { writeAtomic } from '@acctkit/client/node';
 * await writeAtomic('/tmp/acctkit-example.json', '{}\n');
 * ```
 */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, { mode: 0o600, flag: 'wx' });
    // The umask may have narrowed the mode further but never widened it; make it exactly 0600.
    await chmod(temp, 0o600);
    await rename(temp, file);
  } catch (cause) {
    await rm(temp, { force: true });
    throw cause;
  }
}
