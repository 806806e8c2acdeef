// Types of start-args.mjs, which stays plain JavaScript so that tools/bootstrap.mjs can read the
// options before anything is installed.

/** The services `npm start` runs, by the key of their port. */
export type ServicePortKey = 'sandbox' | 'mcp' | 'remote' | 'proxy';

/** A service's port rule: `--port` plus `offset`, unless `flag` gives it another. */
export interface ServicePort {
  readonly key: ServicePortKey;
  readonly name: string;
  readonly offset: number;
  /** The flag that moves this service alone (the sandbox has none: `--port` is its port). */
  readonly flag: string | undefined;
}

/** The options after `npm start --`, checked; what needs the file system or randomness is left out. */
export interface StartArgs {
  readonly help: boolean;
  /** Port of each service; 0 for a free one. */
  readonly ports: Readonly<Record<ServicePortKey, number>>;
  readonly host: string;
  readonly data: string | undefined;
  readonly memory: boolean;
  /** The given admin token; undefined for a random one. */
  readonly adminToken: string | undefined;
  readonly rateLimitPerMinute: number;
}

export declare const DEFAULT_BASE_PORT: number;
export declare const SERVICE_PORTS: readonly ServicePort[];
export declare const START_HELP: string;
export declare class StartArgsError extends Error {}
export declare function parseStartArgs(args: readonly string[]): StartArgs;
export declare function portInUseMessage(key: ServicePortKey, port: number): string;
export declare function npmTakenOptionsMessage(
  env: Readonly<Record<string, string | undefined>>,
  args: readonly string[],
): string | undefined;
