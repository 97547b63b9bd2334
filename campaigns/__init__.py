"""Bundled sample campaigns (shipped in the wheel as the gm_campaigns package)."""
