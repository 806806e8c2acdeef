import { RequestError } from './sandbox-error.js';

/** The three headers of a signed request, checked for presence and form. */
export interface SignedHeaders {
  /** The whole `Authorization` header. */
  readonly authorization: string;
  /** The access token in it. */
  readonly token: string;
  readonly nonce: string;
  readonly signature: string;
}

/**
 * Reads `Authorization`, `X-Nonce` and `X-Signature` the same way for data routes and `/test`, so a
 * missing header gets one code everywhere (a missing nonce is `invalid_nonce`, DECISIONS G20e).
 */
export function readSignedHeaders(headers: Headers): SignedHeaders {
  const authorization = headers.get('authorization');
  if (authorization === null || authorization.trim() === '')
    throw new RequestError(
      'AUTHORIZATION_MISSING',
      'Missing Authorization header. Expected format: Bearer <ACCESS_TOKEN>',
    );
  const token = /^Bearer +(\S+)\s*$/i.exec(authorization)?.[1];
  if (token === undefined)
    throw new RequestError(
      'AUTHORIZATION_MISSING',
      'Malformed Authorization header. Expected format: Bearer <ACCESS_TOKEN>',
    );
  const nonce = headers.get('x-nonce');
  if (nonce === null || nonce.trim() === '')
    throw new RequestError(
      'NONCE_MISSING',
      'Missing X-Nonce header: send a unique random value per request.',
    );
  if (nonce.length > 256)
    throw new RequestError(
      'NONCE_MISSING',
      'The X-Nonce header is longer than 256 characters: send at most 256.',
    );
  const signature = headers.get('x-signature');
  if (signature === null || signature.trim() === '')
    throw new RequestError(
      'SIGNATURE_MISSING',
      'Missing X-Signature header: sign the request (check your signer against /test/<path>).',
    );
  return { authorization, token, nonce, signature };
}
