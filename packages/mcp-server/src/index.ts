// Everything exported from this file is public API; everything else is internal.
export type { BusinessConnection } from './business-connection.js';
export { createServer } from './create-server.js';
export type { LogEntry, LogSink } from './logger.js';
export type { ServerOptions } from './server-options.js';
export type { FieldProblem, ToolErrorBody, ToolErrorCode } from './tool-failure.js';
export { listTools, type ToolSummary } from './tool-listing.js';
export { isToolset, TOOLSETS, type Toolset } from './toolset.js';
