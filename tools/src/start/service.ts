import type { Sandbox } from '@acctkit/sandbox';
import type { StartOptions } from './start-options.ts';

/** What a service started by `npm start` is given: the options and the running sandbox. */
export interface ServiceContext {
  readonly options: StartOptions;
  /** Port for this service: its `defaultPort`, or 0 (a free one) when the sandbox was asked for 0. */
  readonly port: number;
  /** The running sandbox every other service talks to: its URL, the in-process instance, and the admin token (mint tokens with it). */
  readonly sandbox: { readonly url: string; readonly instance: Sandbox; readonly adminToken: string };
}

/** A running service: its address, what to print for a newcomer, and how to stop it. */
export interface RunningService {
  readonly name: string;
  readonly url: string;
  /** Lines printed under the service's heading: addresses, credentials, a command to paste. */
  readonly lines: readonly string[];
  close(): Promise<void>;
}

/** A service that `npm start` runs beside the sandbox. */
export interface Service {
  readonly name: string;
  /** The port it listens on unless `npm start -- --port 0` asks for free ones. */
  readonly defaultPort: number;
  start(context: ServiceContext): Promise<RunningService>;
}
