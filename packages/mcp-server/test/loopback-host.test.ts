/** `isLoopbackHost`, the one judge of "loopback" for `--http`, `--host` and the remote server's URLs. */
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../src/http/loopback-host.js';

const loopback = [
  'localhost',
  'LOCALHOST',
  '127.0.0.1',
  '127.0.0.2',
  '127.255.255.254',
  '::1',
  '[::1]',
  '0:0:0:0:0:0:0:1',
  '::ffff:127.0.0.1',
  '[::ffff:7f00:1]',
];
const notLoopback = [
  '',
  '0.0.0.0',
  '::',
  '[::]',
  'a.localhost',
  'localhost.',
  'localhost.example.com',
  '127.1',
  '2130706433',
  '0x7f.0.0.1',
  '128.0.0.1',
  '10.0.0.1',
  '192.168.1.1',
  '::2',
  '::ffff:10.0.0.1',
  'fe80::1%lo0',
  '[::1',
  'example.com',
];

describe('isLoopbackHost', () => {
  it.each(loopback)('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each(notLoopback)('%j is not loopback', (host) => expect(isLoopbackHost(host)).toBe(false));
});
