import type { ToolDefinition } from './tool-definition.js';
import { BUSINESS_TOOLS } from './tools/business-tools.js';

/** Every tool, in the order `tools/list` shows them. */
export const CATALOGUE: readonly ToolDefinition[] = [...BUSINESS_TOOLS];
