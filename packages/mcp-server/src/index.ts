// Everything exported from this file is public API; everything else is internal.
export type { BusinessConnection } from './business-connection.js';
export { createServer, listTools, type ServerOptions, type ToolSummary } from './create-server.js';
export type { LogEntry, LogSink } from './logger.js';
export type { FieldProblem, ToolErrorBody, ToolErrorCode } from './tool-failure.js';
export { isToolset, TOOLSETS, type Toolset } from './toolset.js';
