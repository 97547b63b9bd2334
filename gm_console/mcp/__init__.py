"""The MCP server: thin typed tools over engine.api.SessionManager."""
