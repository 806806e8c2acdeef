import { createInterface } from 'node:readline';
import { AccountingError, OAuthError, parseCallback } from '@acctkit/client';
import { CliError } from './cli-error.js';
import type { Output } from './io.js';

/** The authorization's answer: the code, and the business's country when the callback carried it. */
export interface AuthorizationAnswer {
  readonly code: string;
  /** Lower case; `undefined` when only the code was pasted. */
  readonly country?: string | undefined;
}

/** Reading pasted answers from a stream until one is good, a limit of wrong ones is reached, or it is closed. */
export interface PasteReader {
  /**
   * The next good paste. Rejects with the client's error when the pasted address says the
   * authorization failed (`error=access_denied`, …) or names an unsupported country, and with a
   * `LOGIN` CliError once {@link MAX_WRONG_PASTES} pastes were wrong; never settles when the input
   * ends first.
   */
  next(): Promise<AuthorizationAnswer>;
  /**
   * Counts the last good paste as wrong after all (the service refused its code), says so on the
   * output with `reason`, and asks for another; call {@link PasteReader.next} for it.
   */
  refuse(reason: string): void;
  /** Stops reading, so that the input no longer keeps the process alive. */
  close(): void;
}

/** How many wrong pastes a login takes before it ends: enough for typos, not an endless loop. */
export const MAX_WRONG_PASTES = 5;

// What a copied callback address looks like.
const address = /^[a-z][a-z0-9+.-]*:\/\/|^\?|[?&](?:code|state|error)=/i;
// What an authorization code can look like. The interface does not say (the sandbox issues 40 hex
// digits), but a code must be unguessable: RFC 6749 §10.10 asks for at most a 2^-128 chance, which
// takes 22 characters of base64url at least. Random characters that many always hold a digit or both
// cases, which tells a code from a word.
const codeCharacters = /^[A-Za-z0-9._~+/-]{22,512}=*$/;
const looksRandom = (text: string): boolean => /\d/.test(text) || (/[a-z]/.test(text) && /[A-Z]/.test(text));

/**
 * Reads lines from `input` (the terminal) as the answer of a login finished on another device: the
 * whole address the browser ended on, whose `state` must be the one sent, or only its `code`. A line
 * that is neither, or an address from another login, gets a message on `out` saying what to paste,
 * and the next line is read, up to {@link MAX_WRONG_PASTES} wrong ones. Nothing pasted is ever
 * written back: it holds a code.
 *
 * @param input - Where the user pastes (the process's stdin).
 * @param state - The `state` of this login's authorization URL.
 * @param out - Where to say what was wrong with a paste (stderr).
 */
export function readPastedAnswer(input: NodeJS.ReadableStream, state: string, out: Output): PasteReader {
  const lines = createInterface({ input, terminal: false });
  // A paused socket (process.stdin on a pipe or terminal) still keeps the process alive until unref'd.
  lines.once('close', () => (input as { unref?: () => void }).unref?.());
  let wrong = 0;
  let waiting: { resolve(a: AuthorizationAnswer): void; reject(e: unknown): void } | undefined;
  /** Set once the last wrong paste allowed was made: every later ask rejects with it. */
  let ended: CliError | undefined;
  /** Counts a wrong paste and says what to do, or ends the reading after the last one allowed. */
  const wrongPaste = (message: string): void => {
    wrong += 1;
    if (wrong < MAX_WRONG_PASTES) {
      const left = MAX_WRONG_PASTES - wrong;
      out.write(
        `${message}\nPaste the address (or the code) again (${left} more ${left === 1 ? 'try' : 'tries'}):\n`,
      );
      return;
    }
    out.write(`${message}\n`);
    lines.close();
    ended = new CliError(
      'LOGIN',
      `${MAX_WRONG_PASTES} pastes were not this login's answer, so it ended; nothing was stored. Run login again, and paste the address the browser goes to after you approve.`,
    );
    waiting?.reject(ended);
    waiting = undefined;
  };
  /** Lines pasted while no answer was asked for (during a code exchange), read at the next ask. */
  const queued: string[] = [];
  const take = (text: string): void => {
    if (waiting === undefined) return void queued.push(text);
    let read: AuthorizationAnswer | string;
    try {
      read = interpret(text, state);
    } catch (failure) {
      lines.close();
      waiting.reject(failure);
      waiting = undefined;
      return;
    }
    if (typeof read === 'string') {
      wrongPaste(read);
      return;
    }
    const { resolve } = waiting;
    waiting = undefined;
    resolve(read);
  };
  lines.on('line', (line) => {
    const text = line.trim();
    if (text !== '') take(text);
  });
  return {
    next: () =>
      new Promise<AuthorizationAnswer>((resolve, reject) => {
        if (ended !== undefined) return reject(ended);
        waiting = { resolve, reject };
        while (waiting !== undefined && queued.length > 0) take(queued.shift() as string);
      }),
    refuse: wrongPaste,
    close: () => lines.close(),
  };
}

/** A good paste's answer, or what to tell the user about a wrong one; throws for a failed authorization. */
function interpret(text: string, state: string): AuthorizationAnswer | string {
  if (!address.test(text)) {
    if (codeCharacters.test(text) && looksRandom(text)) return { code: text };
    if (/^\S+$/.test(text) && text.length < 22)
      return 'That is too short to be an authorization code: paste the whole address from the browser’s address bar after you approved (http://127.0.0.1:…/callback?code=…&state=…), or the value of its code.';
    return 'That is neither an address nor a code: paste the address from the browser’s address bar after you approved (http://127.0.0.1:…/callback?code=…&state=…), or the value of its code.';
  }
  const query = new URLSearchParams(text.replace(/^[^?]*\?|#.*/gs, ''));
  if (query.has('response_type') && query.has('redirect_uri'))
    return 'That is the address of the authorization page itself: open it in a browser, approve, then paste the address the browser goes to next (http://127.0.0.1:…/callback?code=…).';
  if (!query.has('state'))
    return 'That address has no state=…: copy the whole address from the browser’s address bar, or paste only the value of its code.';
  try {
    const callback = parseCallback(text, state);
    return { code: callback.code, country: callback.country };
  } catch (failure) {
    if (failure instanceof AccountingError && failure.code === 'STATE_MISMATCH')
      return 'That address is from another login: its state is not the one this login sent. Paste the address the browser went to after you approved the page printed above.';
    if (failure instanceof OAuthError && failure.error === 'invalid_request' && !query.has('error'))
      return 'That address has no code=… and country=…: paste the address the browser went to after you approved.';
    throw failure;
  }
}
