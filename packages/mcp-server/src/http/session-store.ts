import type { ClientCapabilities, Implementation, LoggingLevel } from '@modelcontextprotocol/server';

/** What a 2025-11-25 client declared for its session over HTTP, kept between its requests. */
export interface SessionDeclaration {
  /** What created the session (a remote grant's id): another caller presenting the id gets 404. */
  readonly owner: string;
  /** The client's `initialize` parameters, replayed into the fresh server of each later request. */
  readonly initialize: {
    readonly protocolVersion: string;
    readonly capabilities: ClientCapabilities;
    readonly clientInfo: Implementation;
  };
  /** The level the client set with `logging/setLevel`, when it set one. */
  readonly logLevel?: LoggingLevel | undefined;
  /** When the declaration expires (ms since the epoch); each use moves it on. */
  readonly expiresAt: number;
}

/** Where the declarations of sessions are kept, each with its expiry. */
export interface SessionStore {
  get(id: string): Promise<SessionDeclaration | undefined>;
  put(id: string, declaration: SessionDeclaration): Promise<void>;
  delete(id: string): Promise<void>;
}

/**
 * Declarations in this process's memory, at most `max` of them: when full, the least recently used
 * one goes (its client gets 404 and initializes again, as the protocol has it do).
 */
export function memorySessionStore(max = 1000, now: () => number = Date.now): SessionStore {
  const held = new Map<string, SessionDeclaration>();
  return {
    async get(id) {
      const found = held.get(id);
      if (!found) return undefined;
      held.delete(id);
      if (found.expiresAt <= now()) return undefined;
      held.set(id, found);
      return found;
    },
    async put(id, declaration) {
      held.delete(id);
      held.set(id, declaration);
      for (const oldest of held.keys()) {
        if (held.size <= max) break;
        held.delete(oldest);
      }
    },
    async delete(id) {
      held.delete(id);
    },
  };
}
