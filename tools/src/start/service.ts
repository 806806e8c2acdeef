import type { StartOptions } from './start-options.ts';

/** What a service started by `npm start` is given: the options and the running sandbox. */
export interface ServiceContext {
  readonly options: StartOptions;
  /** Port for this service: 0 when the sandbox was asked for 0, else the next after the sandbox's. */
  readonly port: number;
  /** The sandbox every other service talks to, with its admin token (mint tokens with it). */
  readonly sandbox: { readonly url: string; readonly adminToken: string };
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
  start(context: ServiceContext): Promise<RunningService>;
}
