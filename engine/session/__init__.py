"""An open session at runtime: turn pipeline, catalog, state diff, views and reports."""
