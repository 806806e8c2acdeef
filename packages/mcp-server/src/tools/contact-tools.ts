import type { ToolDefinition } from '../tool-definition.js';
import { listTool } from './list-tool.js';
import { createTool, deleteTool, getTool, updateTool } from './record-tools.js';
import { CONTACTS } from './resource-kind.js';

/** The contacts toolset. */
export const CONTACT_TOOLS: readonly ToolDefinition[] = [
  listTool({
    name: 'list_contacts',
    title: 'List contacts',
    description: 'Lists customers and suppliers.',
    toolset: 'contacts',
    path: CONTACTS.path,
    record: 'contact',
    recordListedByGet: true,
    filters: 'list_contacts',
  }),
  getTool(CONTACTS, 'contact', {
    name: 'get_contact',
    title: 'Get contact',
    description: 'One contact by id, with a resource link.',
    toolset: 'contacts',
  }),
  createTool(CONTACTS, 'create_contact', {
    name: 'create_contact',
    title: 'Create contact',
    description: 'Creates a customer or supplier; search list_contacts first to avoid duplicates.',
    toolset: 'contacts',
  }),
  updateTool(CONTACTS, 'update_contact', {
    name: 'update_contact',
    title: 'Update contact',
    description: 'Changes the given fields of an editable contact.',
    toolset: 'contacts',
  }),
  deleteTool(CONTACTS, {
    name: 'delete_contact',
    title: 'Delete contact',
    description: 'Deletes a contact once the user confirms.',
    toolset: 'contacts',
  }),
];
