import type { Hono } from 'hono';
import type { RemoteContext } from './remote-context.js';

/** The scopes this server issues: the service's own. */
const SCOPES = ['readonly', 'full_access'] as const;

/** The RFC 9728 metadata URL for the `/mcp` resource, as `WWW-Authenticate` names it. */
export function resourceMetadataUrl(ctx: RemoteContext): string {
  return `${ctx.config.publicUrl}/.well-known/oauth-protected-resource/mcp`;
}

/**
 * Discovery documents: Protected Resource Metadata (RFC 9728, plain and path-suffixed forms) and
 * Authorization Server Metadata (RFC 8414, plus the OpenID discovery path older clients try).
 */
export function metadataRoutes(app: Hono, ctx: RemoteContext): void {
  const { config } = ctx;
  const resource = () => ({
    resource: config.resource,
    authorization_servers: [config.issuer],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'acctkit accounting MCP server',
  });
  const server = () => ({
    issuer: config.issuer,
    authorization_endpoint: `${config.issuer}/authorize`,
    token_endpoint: `${config.issuer}/token`,
    registration_endpoint: `${config.issuer}/register`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  });
  const headers = { 'Cache-Control': 'public, max-age=300' };
  app.get('/.well-known/oauth-protected-resource', (c) => c.json(resource(), 200, headers));
  app.get('/.well-known/oauth-protected-resource/mcp', (c) => c.json(resource(), 200, headers));
  app.get('/.well-known/oauth-authorization-server', (c) => c.json(server(), 200, headers));
  app.get('/.well-known/openid-configuration', (c) => c.json(server(), 200, headers));
}
