import { mcpService } from './mcp-service.ts';
import { proxyService } from './proxy-service.ts';
import { remoteMcpService } from './remote-mcp-service.ts';
import type { Service } from './service.ts';

/**
 * The services `npm start` runs beside the sandbox, in this order. This list is the one place a
 * service plugs in: an entry starts it through its package's public start function, pointed at the
 * sandbox (`ServiceContext.sandbox`: its URL, the in-process instance and the admin token, to mint
 * tokens), on
 * `ServiceContext.port`, and returns its URL, the lines to print and `close()`.
 */
export const companionServices: readonly Service[] = [mcpService, remoteMcpService, proxyService];
