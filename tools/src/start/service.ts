import type { Sandbox } from '@acctkit/sandbox';
import type { ServicePortKey } from './start-args.mjs';
import type { StartOptions } from './start-options.ts';

/** What a service started by `npm start` is given: the options and the running sandbox. */
export interface ServiceContext {
  readonly options: StartOptions;
  /** Port for this service: `options.ports[service.port]` (0 for a free one). */
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
  /** Its entry in ./start-args.mjs `SERVICE_PORTS`: its offset from `--port` and the flag that moves it. */
  readonly port: ServicePortKey;
  start(context: ServiceContext): Promise<RunningService>;
}
