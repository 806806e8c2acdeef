// Types of install-fingerprint.mjs, which stays plain JavaScript for tools/bootstrap.mjs.

/** The workspace's package.json files, relative to `root`. */
export declare function workspaceManifests(root: string): string[];

/** SHA-256 (hex) of what `pnpm install` reads, with the pnpm version and Node's module ABI. */
export declare function installFingerprint(root: string, pnpmVersion: string): string;
