/** The `User-Agent` of every request the server's clients send (the service requires one). */
export const USER_AGENT = 'acctkit-mcp';
