import { createInterface } from 'node:readline';
import { AccountingError, OAuthError, parseCallback } from '@acctkit/client';
import type { Output } from './io.js';

/** The authorization's answer: the code, and the business's country when the callback carried it. */
export interface AuthorizationAnswer {
  readonly code: string;
  /** Lower case; `undefined` when only the code was pasted. */
  readonly country?: string | undefined;
}

/** Reading pasted answers from a stream until one is good, or the reader is closed. */
export interface PasteReader {
  /**
   * The first good paste. Rejects with the client's error when the pasted address says the
   * authorization failed (`error=access_denied`, …) or names an unsupported country; never settles
   * when the input ends without a good paste.
   */
  readonly answer: Promise<AuthorizationAnswer>;
  /** Stops reading, so that the input no longer keeps the process alive. */
  close(): void;
}

// What a copied callback address looks like, and what an authorization code can be.
const address = /^[a-z][a-z0-9+.-]*:\/\/|^\?|[?&](?:code|state|error)=/i;
const bareCode = /^[A-Za-z0-9._~+/-]{8,512}=*$/;

/**
 * Reads lines from `input` (the terminal) as the answer of a login finished on another device: the
 * whole address the browser ended on, whose `state` must be the one sent, or only its `code`. A line
 * that is neither, or an address from another login, gets a message on `out` saying what to paste,
 * and the next line is read. Nothing pasted is ever written back: it holds a code.
 *
 * @param input - Where the user pastes (the process's stdin).
 * @param state - The `state` of this login's authorization URL.
 * @param out - Where to say what was wrong with a paste (stderr).
 */
export function readPastedAnswer(input: NodeJS.ReadableStream, state: string, out: Output): PasteReader {
  const lines = createInterface({ input, terminal: false });
  // A paused socket (process.stdin on a pipe or terminal) still keeps the process alive until unref'd.
  lines.once('close', () => (input as { unref?: () => void }).unref?.());
  const answer = new Promise<AuthorizationAnswer>((resolve, reject) => {
    lines.on('line', (line) => {
      const text = line.trim();
      if (text === '') return;
      let read: AuthorizationAnswer | string;
      try {
        read = interpret(text, state);
      } catch (failure) {
        lines.close();
        reject(failure);
        return;
      }
      if (typeof read === 'string') {
        out.write(`${read}\nPaste the address (or the code) again:\n`);
        return;
      }
      lines.close();
      resolve(read);
    });
  });
  return { answer, close: () => lines.close() };
}

/** A good paste's answer, or what to tell the user about a wrong one; throws for a failed authorization. */
function interpret(text: string, state: string): AuthorizationAnswer | string {
  if (!address.test(text)) {
    if (bareCode.test(text)) return { code: text };
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
