"""The machinery behind build.py: each module does one job of building, serving or testing
the site (docs/architecture.md draws them)."""
