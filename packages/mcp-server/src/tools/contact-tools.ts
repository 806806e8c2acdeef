import type { ToolDefinition } from '../tool-definition.js';
import { listTool } from './list-tool.js';
import { createTool, deleteTool, getTool, updateTool } from './record-tools.js';
import { CONTACTS } from './resource-kind.js';

/** The contacts toolset. */
export const CONTACT_TOOLS: readonly ToolDefinition[] = [
  listTool({
    name: 'list_contacts',
    title: 'List contacts',
    description:
      'Lists customers and suppliers, filtered by search (name or company), type, email and more. Search here before create_contact to avoid duplicates. Returns { items, nextCursor, totalCount }.',
    toolset: 'contacts',
    path: CONTACTS.path,
    record: 'contact',
    recordListedByGet: true,
    filters: 'list_contacts',
  }),
  getTool(CONTACTS, 'contact', {
    name: 'get_contact',
    title: 'Get contact',
    description: 'Returns one contact by id (list_contacts gives ids), with a link to its resource.',
    toolset: 'contacts',
  }),
  createTool(CONTACTS, 'create_contact', {
    name: 'create_contact',
    title: 'Create contact',
    description:
      'Creates a customer (contact_type_id 1) or supplier (2). Check list_contacts first. dry_run: true validates and shows the body without sending.',
    toolset: 'contacts',
  }),
  updateTool(CONTACTS, 'update_contact', {
    name: 'update_contact',
    title: 'Update contact',
    description:
      'Changes the given fields of a contact (only editable contacts). dry_run: true shows the body without sending.',
    toolset: 'contacts',
  }),
  deleteTool(CONTACTS, {
    name: 'delete_contact',
    title: 'Delete contact',
    description:
      'Deletes a contact after the user confirms (a form, or confirm: true when the client has none).',
    toolset: 'contacts',
  }),
];
