"""Supervisor mode: the console and an MCP host at one table, in one process, over one SessionManager.

`contract` is what the console sees (plain values and a protocol; no mcp import), so the console stays
independent of the MCP face; `table` implements it over the MCP server, and the CLI joins the two.
"""
