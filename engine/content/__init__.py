"""Campaign content: authoring tools (scaffold, check, schema)."""
